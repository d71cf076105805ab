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
import { existsSync, readdirSync, readFileSync } from 'node:fs'
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

// Misuse must print a sentence: every `// message: <text>` line in
// type-tests/messages/*.ts names a text the error on the next line must contain.
for (const check of checks.slice(0, 3)) {
  checks.push({
    name: `messages-${check.name}`,
    what: `misuse messages with ${check.what}`,
    run: () => checkMessages(check.tsc),
  })
}

checks.push({
  name: 'tsd',
  what: 'tsd (type-tests/tsd against dist/)',
  run: () => {
    if (!existsSync(fromRoot('dist/index.d.ts')) || !existsSync(fromRoot('dist/node.d.ts'))) {
      return { ok: false, output: 'dist/*.d.ts is missing: run `npm run build` first.', detail: '' }
    }
    // --files: without it tsd finds no test file here and passes without checking anything.
    const files = readdirSync(fromRoot('type-tests/tsd')).filter((name) => name.endsWith('.test-d.ts'))
    return { ...spawn([fromRoot('node_modules/tsd/dist/cli.js'), '--files', 'type-tests/tsd/*.test-d.ts']), detail: `${files.length} files` }
  },
})

function checkMessages(tsc) {
  const dir = fromRoot('type-tests/messages')
  const result = spawn([fromRoot(tsc), '-p', join(dir, 'tsconfig.json'), '--pretty', 'false'])
  const errors = new Map()
  let current
  for (const line of result.output.split('\n')) {
    const found = /^(?:.*[\\/])?([^\\/(]+\.ts)\((\d+),\d+\): error /.exec(line)
    // Errors elsewhere (the sources themselves) are the other checks' business.
    if (found && !/type-tests[\\/]messages[\\/]/.test(line)) {
      current = undefined
      continue
    }
    if (found) {
      current = `${found[1]}:${found[2]}`
      errors.set(current, (errors.get(current) ?? '') + line)
    } else if (current && line.startsWith(' ')) {
      errors.set(current, errors.get(current) + line)
    }
  }
  const problems = []
  let expected = 0
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.ts'))) {
    const lines = readFileSync(join(dir, file), 'utf8').split('\n')
    lines.forEach((line, index) => {
      const wanted = /^\s*\/\/ message: (.+)$/.exec(line)
      if (!wanted) return
      expected++
      const key = `${file}:${index + 2}`
      const text = errors.get(key)
      if (text === undefined) problems.push(`${key}: no error, expected one containing "${wanted[1]}"`)
      else if (!text.includes(wanted[1])) problems.push(`${key}: the error does not contain "${wanted[1]}":\n  ${text}`)
      errors.delete(key)
    })
  }
  for (const [key, text] of errors) problems.push(`${key}: unexpected error: ${text}`)
  if (expected === 0) problems.push('no `// message:` lines found')
  return { ok: problems.length === 0, output: problems.join('\n'), detail: `${expected} messages` }
}

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
