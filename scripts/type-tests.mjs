#!/usr/bin/env node
// Runs the type tests: type-tests/tsconfig.json (every type-tests/*.test-d.ts:
// expect-type and @ts-expect-error negatives, against the sources) with
// TypeScript 5.9, 6.0 and 7.0 (native), then tsd (type-tests/tsd, against the
// built declarations in dist/). Prints one line per check and exits non-zero
// when any check fails.
//
//   npm run test:types            (run `npm run build` first for tsd)
//   node scripts/type-tests.mjs --only ts7
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const fromRoot = (path) => join(root, path)

const checks = [
  { name: 'ts5.9', what: 'TypeScript 5.9 (node_modules/typescript)', tsc: 'node_modules/typescript/bin/tsc' },
  { name: 'ts6.0', what: 'TypeScript 6.0 (node_modules/ts6)', tsc: 'node_modules/ts6/bin/tsc' },
  { name: 'ts7.0', what: 'TypeScript 7.0 native (node_modules/ts7)', tsc: 'node_modules/ts7/bin/tsc' },
].map((check) => ({
  ...check,
  run: () => {
    const version = spawn([fromRoot(check.tsc), '--version'])
    const result = spawn([fromRoot(check.tsc), '-p', fromRoot('type-tests/tsconfig.json'), '--pretty', 'false'])
    return { ...result, detail: version.output.trim() }
  },
}))

checks.push({
  name: 'tsd',
  what: 'tsd (type-tests/tsd against dist/)',
  run: () => {
    if (!existsSync(fromRoot('dist/index.d.ts')) || !existsSync(fromRoot('dist/node.d.ts'))) {
      return { ok: false, output: 'dist/*.d.ts is missing: run `npm run build` first.', detail: '' }
    }
    return { ...spawn([fromRoot('node_modules/tsd/dist/cli.js')]), detail: '' }
  },
})

function spawn(args) {
  const result = spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}${result.error ? String(result.error) : ''}`
  return { ok: result.status === 0, output }
}

const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined
const selected = checks.filter((check) => only === undefined || check.name.startsWith(only))
if (selected.length === 0) {
  console.error(`No check named "${only}". Checks: ${checks.map((check) => check.name).join(', ')}`)
  process.exit(2)
}

let failures = 0
for (const check of selected) {
  const started = performance.now()
  const { ok, output, detail } = check.run()
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  console.log(`${ok ? 'PASS' : 'FAIL'}  ${check.what}${detail ? ` [${detail}]` : ''}  ${seconds}s`)
  if (!ok) {
    failures++
    console.log(indent(output.trim() || '(no output)'))
  }
}
console.log(failures === 0 ? `\nType tests: all ${selected.length} checks passed.` : `\nType tests: ${failures} of ${selected.length} checks failed.`)
process.exit(failures === 0 ? 0 : 1)

function indent(text) {
  return text
    .split('\n')
    .map((line) => `      ${line}`)
    .join('\n')
}
