#!/usr/bin/env node
// Runs test/runtimes/ under Bun (`bun test`) and Deno (`deno test`), the way a
// project would use mocklib there: the built package (package.json + dist/,
// copied, so a build running meanwhile cannot change it under the tests) is
// installed in a temporary project's node_modules next to the test files, and
// imported as 'mocklib' / 'mocklib/node' (Deno also with npm: specifiers,
// test/runtimes/deno-only/). Deno resolves every package from that
// node_modules (nodeModulesDir "manual", --cached-only): no download, no
// prompt. Prints each runtime's report and exits non-zero when either fails.
//
//   npm run build && npm run test:runtimes
//   node scripts/runtime-tests.mjs --only deno
import { spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const fromRoot = (...path) => join(root, ...path)
const TIMEOUT_MS = 180_000

/** What the test project needs besides mocklib: its dependency, its GraphQL peer, the tests' own clients, and Node's types for Deno's check. */
const LINKED_PACKAGES = ['@mswjs', 'graphql', 'ws', 'eventsource', 'eventsource-parser', 'axios', join('@types', 'node')]

const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined
if (only !== undefined && only !== 'bun' && only !== 'deno') fail(`--only takes bun or deno, not ${JSON.stringify(only)}.`)
if (!existsSync(fromRoot('dist', 'node.js'))) fail('dist/ is missing: run `npm run build` first (the runtime tests import the built package).')
// Deno type-checks the tests against the package's declarations, as it does for a user's project.
if (!existsSync(fromRoot('dist', 'node.d.ts'))) fail('dist/node.d.ts is missing: the declaration step of `npm run build` failed or did not run; Deno type-checks against it.')

const project = mkdtempSync(join(tmpdir(), 'mocklib-runtimes-'))
let failed = false
try {
  const testFiles = createProject(project)
  const runs = [
    { name: 'bun', command: [fromRoot('node_modules', '.bin', 'bun'), 'test', '--timeout', '20000', ...testFiles.map((file) => `./${file}`)] },
    {
      name: 'deno',
      // -A: the tests start servers on 127.0.0.1, read the environment and write HAR files; never a prompt.
      command: [fromRoot('node_modules', '.bin', 'deno'), 'test', '-A', '--no-prompt', '--cached-only', '.'],
    },
  ].filter((run) => only === undefined || run.name === only)
  for (const run of runs) {
    const version = spawnSync(run.command[0], ['--version'], { encoding: 'utf8' }).stdout?.split('\n')[0]?.trim()
    console.log(`\n=== ${run.name} (${version ?? 'not found'}) ===`)
    const result = spawnSync(run.command[0], run.command.slice(1), {
      cwd: project,
      stdio: 'inherit',
      timeout: TIMEOUT_MS,
      env: { ...process.env, NO_COLOR: '1', DENO_NO_UPDATE_CHECK: '1' },
    })
    const ok = result.status === 0
    if (!ok) failed = true
    console.log(`=== ${run.name}: ${ok ? 'passed' : result.error ? `did not run (${result.error.message})` : `failed (exit ${result.status ?? result.signal})`} ===`)
  }
} finally {
  rmSync(project, { recursive: true, force: true })
}
process.exit(failed ? 1 : 0)

/**
 * Writes the test project into `folder`: package.json and deno.json, mocklib
 * in node_modules, and the test files (those under deno-only/ run under Deno
 * only). Returns the files Bun runs.
 */
function createProject(folder) {
  const modules = join(folder, 'node_modules')
  mkdirSync(join(modules, 'mocklib'), { recursive: true })
  mkdirSync(join(modules, '@types'), { recursive: true })
  cpSync(fromRoot('package.json'), join(modules, 'mocklib', 'package.json'))
  cpSync(fromRoot('dist'), join(modules, 'mocklib', 'dist'), { recursive: true })
  for (const name of LINKED_PACKAGES) symlinkSync(fromRoot('node_modules', name), join(modules, name), 'dir')
  const dependencies = Object.fromEntries(['mocklib', 'graphql', 'ws', 'eventsource', 'axios'].map((name) => [name, '*']))
  writeFileSync(join(folder, 'package.json'), JSON.stringify({ name: 'mocklib-runtime-tests', private: true, type: 'module', dependencies }, null, 2))
  // Deno reads packages from this node_modules as they are and never installs or downloads.
  writeFileSync(join(folder, 'deno.json'), JSON.stringify({ nodeModulesDir: 'manual' }, null, 2))
  cpSync(fromRoot('test', 'runtimes'), folder, { recursive: true })
  return readdirSync(folder).filter((file) => file.endsWith('.test.mjs'))
}

function fail(text) {
  console.error(`[mocklib] runtime tests: ${text}`)
  process.exit(1)
}
