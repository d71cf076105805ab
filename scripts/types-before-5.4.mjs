#!/usr/bin/env node
// The declarations TypeScript 5.0 to 5.3 read (package.json: "types@<5.4" and typesVersions "<5.4"): dist/ts5.0/
// is a copy of dist/'s declarations in which `NoInference<T>`, TypeScript 5.4's intrinsic `NoInfer<T>` everywhere
// else, is the conditional index older compilers need. The intrinsic costs the compiler nothing to build; the
// conditional is a type per use (about 5% of the check time of a file of `http.*` handlers).
//
//   npm run build   (runs this after tsup)
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

const dist = process.argv[2] ?? 'dist'
const out = join(dist, 'ts5.0')
const modern = 'type NoInference<T> = NoInfer<T>;'
const legacy = 'type NoInference<T> = [T][T extends any ? 0 : never];'

rmSync(out, { recursive: true, force: true })
mkdirSync(out)
let replaced = 0
for (const file of readdirSync(dist).filter((name) => /\.d\.c?ts$/.test(name))) {
  const text = readFileSync(join(dist, file), 'utf8')
  const count = text.split(modern).length - 1
  replaced += count
  writeFileSync(join(out, file), text.replaceAll(modern, legacy))
}
// One declaration in the ESM chunk and one in the CommonJS chunk: anything else means the build changed shape.
if (replaced !== 2) throw new Error(`types-before-5.4: expected NoInference declared twice in ${dist}/*.d.ts / *.d.cts, found ${replaced}.`)
