#!/usr/bin/env node
// Runs the type tests, two at a time (the machine's cores), and prints one line
// per check; exits non-zero when any check fails.
//
// - The project: tsconfig.project.json (src, test, examples, bench, against src/) with TypeScript 5.9.
// - Sources: type-tests/tsconfig.json (every type-tests/*.test-d.ts:
//   expect-type and @ts-expect-error negatives, against src/) with TypeScript
//   5.9, 6.0 and 7.0 (native), and the misuse messages (type-tests/messages).
// - openapi<paths>() on GitHub's REST description (type-tests/openapi-github/check.mjs:
//   TypeScript 5.9, 6.0 and 7.0 in turn; ~13 s of CPU, its `paths` generated on first use).
// - The consumer matrix, against the BUILT package as a user installs it (dist/
//   and legacy-types/ through package.json's exports and typesVersions; see
//   type-matrix.mjs): TypeScript 5.0, 5.1, 5.2, 5.3, 5.9, 6.0 and 7.0 ×
//   skipLibCheck true/false × moduleResolution node10, node16 (an ES module
//   and a .cts file) and bundler, each checking type-tests/consumer/*.ts; 4.9
//   must get the one "needs TypeScript 5.0" error; and the any-detector check
//   proves that those files fail where `params` is `any`.
// - tsd (type-tests/tsd, against dist/).
//
//   npm run build && npm run test:types
//   node scripts/type-tests.mjs --only matrix-ts5.0     (checks whose name starts so)
//   node scripts/type-tests.mjs --list
import { spawn as spawnChild } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { fromRoot, parseErrors, root } from './type-tests/tsc-output.mjs'
import { matrixChecks, prepareMatrix } from './type-tests/type-matrix.mjs'

const jobs = Number(option('jobs') ?? 2)

const sourceCompilers = [
  { name: 'ts5.9', what: 'TypeScript 5.9 (node_modules/typescript)', tsc: 'node_modules/typescript/bin/tsc' },
  { name: 'ts6.0', what: 'TypeScript 6.0 (node_modules/typescript-6.0)', tsc: 'node_modules/typescript-6.0/bin/tsc' },
  { name: 'ts7.0', what: 'TypeScript 7.0 native (node_modules/typescript-7.0)', tsc: 'node_modules/typescript-7.0/bin/tsc' },
]

const checks = [
  // The whole project as written (src, tests, examples, bench; tsconfig.project.json),
  // with noUnusedLocals/noUnusedParameters: vitest strips types without checking them.
  {
    name: 'project',
    what: 'src, tests, examples and bench with TypeScript 5.9 (tsconfig.project.json)',
    run: async () => ({ ...(await tsc('node_modules/typescript/bin/tsc', ['-p', fromRoot('tsconfig.project.json')])), detail: '' }),
  },
  ...sourceCompilers.map((check) => ({
    ...check,
    what: `sources with ${check.what}`,
    run: async () => ({ ...(await tsc(check.tsc, ['-p', fromRoot('type-tests/tsconfig.json')])), detail: '' }),
  })),
  // Misuse must print a sentence: every `// message: <text>` line in
  // type-tests/messages/*.ts names a text the error on the next line must contain.
  ...sourceCompilers.map((check) => ({
    name: `messages-${check.name}`,
    what: `misuse messages with ${check.what}`,
    run: () => checkMessages(check.tsc),
  })),
  {
    name: 'openapi-github',
    what: "openapi<paths>() on GitHub's REST description with TypeScript 5.9, 6.0 and 7.0 (type-tests/openapi-github)",
    run: async () => {
      const result = await spawn([fromRoot('type-tests/openapi-github/check.mjs')])
      const totals = [...result.output.matchAll(/^(?:ok  |FAIL) (TypeScript [\d.]+):.*Total time ([\d.]+s)/gm)].map(([, compiler, time]) => `${compiler} ${time}`)
      return { ...result, detail: totals.join(', ') }
    },
  },
]

let matrixRoot
const needsDist = () => !existsSync(fromRoot('dist/index.d.ts')) || !existsSync(fromRoot('dist/node.d.cts'))
const missingDist = { ok: false, output: 'dist/*.d.ts is missing: run `npm run build` first.', detail: '' }
for (const check of matrixChecks()) {
  checks.push({
    ...check,
    run: async () => {
      if (needsDist()) return missingDist
      matrixRoot ??= prepareMatrix()
      return check.run(matrixRoot, tsc)
    },
  })
}

checks.push({
  name: 'tsd',
  what: 'tsd (type-tests/tsd against dist/)',
  run: async () => {
    if (needsDist()) return missingDist
    // --files: without it tsd finds no test file here and passes without checking anything.
    const files = readdirSync(fromRoot('type-tests/tsd')).filter((name) => name.endsWith('.test-d.ts'))
    return { ...(await spawn([fromRoot('node_modules/tsd/dist/cli.js'), '--files', 'type-tests/tsd/*.test-d.ts'])), detail: `${files.length} files` }
  },
})

async function checkMessages(compiler) {
  const dir = fromRoot('type-tests/messages')
  const result = await tsc(compiler, ['-p', join(dir, 'tsconfig.json')])
  const errors = new Map()
  for (const error of parseErrors(result.output)) {
    // Errors elsewhere (the sources themselves) are the other checks' business.
    if (!/type-tests[\\/]messages[\\/]/.test(error.file)) continue
    const key = `${error.file.replace(/^.*[\\/]/, '')}:${error.line}`
    errors.set(key, (errors.get(key) ?? '') + error.text)
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

/** Runs a compiler (a path under the repository) with `--pretty false`. */
function tsc(compiler, args) {
  return spawn([fromRoot(compiler), ...args, '--pretty', 'false'])
}

function spawn(args) {
  return new Promise((resolve) => {
    const child = spawnChild(process.execPath, args, { cwd: root })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    child.on('error', (error) => resolve({ ok: false, output: `${output}${error}` }))
    child.on('close', (code) => resolve({ ok: code === 0, output }))
  })
}

function option(name) {
  const index = process.argv.indexOf(`--${name}`)
  return index === -1 ? undefined : process.argv[index + 1]
}

if (process.argv.includes('--list')) {
  for (const check of checks) console.log(`${check.name.padEnd(34)} ${check.what}`)
  process.exit(0)
}
const only = option('only')
const selected = checks.filter((check) => only === undefined || check.name.startsWith(only))
if (selected.length === 0) {
  console.error(`No check named "${only}". Checks (--list shows them all): ${checks.map((check) => check.name).join(', ')}`)
  process.exit(2)
}

const started = performance.now()
let failures = 0
let next = 0
async function worker() {
  while (next < selected.length) {
    const check = selected[next++]
    const checkStarted = performance.now()
    const { ok, output, detail } = await check.run()
    const seconds = ((performance.now() - checkStarted) / 1000).toFixed(1)
    console.log(`${ok ? 'PASS' : 'FAIL'}  ${check.what}${detail ? ` [${detail}]` : ''}  ${seconds}s`)
    if (!ok) {
      failures++
      console.log(indent(output.trim() || '(no output)'))
    }
  }
}
try {
  await Promise.all(Array.from({ length: Math.max(1, jobs) }, worker))
} finally {
  if (matrixRoot) rmSync(matrixRoot, { recursive: true, force: true })
}
const total = ((performance.now() - started) / 1000).toFixed(0)
console.log(
  failures === 0
    ? `\nType tests: all ${selected.length} checks passed (${total}s).`
    : `\nType tests: ${failures} of ${selected.length} checks failed (${total}s).`,
)
process.exit(failures === 0 ? 0 : 1)

function indent(text) {
  return text
    .split('\n')
    .map((line) => `      ${line}`)
    .join('\n')
}
