#!/usr/bin/env node
// Type-checks github.test-d.ts (openapi<paths>() on GitHub's REST description) with TypeScript 5.9, 6.0 and 7.0
// and prints what it cost (tsc --extendedDiagnostics). The 6.5 MB `paths` file is generated on first use into
// temp/ (gitignored): committing it would add more to the repository than the rest of the type tests together.
//
//   node type-tests/openapi-github/check.mjs            (--regenerate to write the types again)
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const here = (path) => fileURLToPath(new URL(path, import.meta.url))
const root = here('../../')
const generated = here('./temp/github.paths.ts')

if (!existsSync(generated) || process.argv.includes('--regenerate')) {
  const cli = `${root}node_modules/openapi-typescript/bin/cli.js`
  const source = `${root}node_modules/@octokit/openapi/generated/api.github.com.json`
  const run = spawnSync(process.execPath, [cli, source, '-o', generated], { stdio: ['ignore', 'ignore', 'inherit'] })
  if (run.status !== 0) process.exit(run.status ?? 1)
}

const compilers = [
  ['TypeScript 5.9', 'node_modules/typescript/bin/tsc'],
  ['TypeScript 6.0', 'node_modules/typescript-6.0/bin/tsc'],
  ['TypeScript 7.0', 'node_modules/typescript-7.0/bin/tsc'],
]
const wanted = ['Files', 'Types', 'Instantiations', 'Memory used', 'Check time', 'Total time']
let failed = false
for (const [name, tsc] of compilers) {
  const run = spawnSync(process.execPath, [root + tsc, '-p', here('./tsconfig.json'), '--extendedDiagnostics'], { encoding: 'utf8' })
  const output = run.stdout + run.stderr
  const errors = output.split('\n').filter((line) => /error TS\d+/.test(line))
  const figures = wanted.map((label) => output.match(new RegExp(`^${label}:\\s+(.+)$`, 'm'))?.[1]?.trim()).map((value, index) => `${wanted[index]} ${value ?? '?'}`)
  console.log(`${errors.length === 0 && run.status === 0 ? 'ok  ' : 'FAIL'} ${name}: ${figures.join(', ')}`)
  if (errors.length > 0 || run.status !== 0) {
    failed = true
    console.log(errors.join('\n') || output)
  }
}
process.exit(failed ? 1 : 0)
