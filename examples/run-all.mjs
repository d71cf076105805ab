// `npm run demo`: builds mocklib quietly, then runs every demo in this folder, one after
// the other, each in its own process.
import { spawnSync } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const folder = fileURLToPath(new URL('.', import.meta.url))
const root = fileURLToPath(new URL('..', import.meta.url))

// The demos import the built package: build it first, showing tsup's output only when it fails.
process.stdout.write('Building mocklib (dist/)… ')
const built = spawnSync(process.execPath, [root + 'node_modules/tsup/dist/cli-default.js', '--silent'], { cwd: root, encoding: 'utf8' })
if (built.status !== 0) {
  console.log('failed:\n')
  console.log(`${built.stdout ?? ''}${built.stderr ?? ''}`.trim())
  process.exit(1)
}
console.log('done.')
const demos = readdirSync(folder).filter((name) => name.endsWith('-demo.mjs')).sort()
let failed = 0
for (const demo of demos) {
  console.log(`\n▶ examples/${demo}`)
  const result = spawnSync(process.execPath, [folder + demo], { stdio: 'inherit' })
  if (result.status !== 0) failed++
}
process.exit(failed === 0 ? 0 : 1)
