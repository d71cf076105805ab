#!/usr/bin/env node
// The version grid (test/versions/): runs the same cases in the Jest, Vitest,
// jsdom, happy-dom, undici, fetch-polyfill and axios versions msw users pin,
// each cell twice in one run: with msw 2.15 (the control) and with mocklib
// installed in its place. Fails when a case passes with msw and fails with
// mocklib, or when a mocklib run produces no result; a case that fails with
// both is listed, not fatal.
//
// Each fixture project (test/versions/fixtures/<name>: package.json and
// package-lock.json) is installed once with `npm ci` into
// ~/.cache/mocklib-version-grid/<name>-<lockfile hash>/ (or under $XDG_CACHE_HOME) and reused while
// its lockfile is unchanged. mocklib is the built package (package.json +
// dist/, copied fresh on every run) in that project's node_modules.
//
//   npm run build && npm run test:versions
//   node scripts/version-grid.mjs --only jest29-jsdom20-undici6,vitest2-jsdom24
//   node scripts/version-grid.mjs --package ../other-checkout   (its dist/ as mocklib)
import { spawn, spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { homedir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { cells } from '../test/versions/cells.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const gridDir = join(root, 'test', 'versions')
// Outside the repository (test runners skip paths under node_modules), per user (another user's files are not ours to reuse).
const cacheRoot = join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'mocklib-version-grid')
const LIBRARIES = ['msw', 'mocklib']
const RUN_TIMEOUT_MS = 90_000

const argv = process.argv.slice(2)
const option = (name) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined)
const only = option('--only')?.split(',')
const jobs = Number(option('--jobs') ?? 2)
// The checkout whose build is tested as mocklib (default: this one), e.g. a worktree of an older commit.
const packageRoot = option('--package') ?? root

const unknown = (only ?? []).filter((name) => !(name in cells))
if (unknown.length > 0) fail(`unknown cell(s): ${unknown.join(', ')}. Cells: ${Object.keys(cells).join(', ')}`)
if (!existsSync(join(packageRoot, 'dist', 'node.js'))) fail('dist/ is missing: run `npm run build` first (the grid runs the built package).')

const selected = Object.entries(cells).filter(([name]) => only === undefined || only.includes(name))
const started = Date.now()
const staged = stageMocklib()
const projects = new Map()
for (const fixture of new Set(selected.map(([, cell]) => cell.fixture))) projects.set(fixture, prepareProject(fixture, staged))
log(`installed ${projects.size} fixture project(s) in ${seconds(started)}`)

const runs = selected.flatMap(([name, cell]) => LIBRARIES.map((library) => ({ name, cell, library })))
const results = await runAll(runs, jobs)
const failed = report(selected, results)
log(`version grid: ${runs.length} runs in ${seconds(started)}`)
process.exit(failed ? 1 : 0)

/** package.json, dist/ and legacy-types/ of the build, copied once per run (a build running meanwhile cannot change them under the tests). */
function stageMocklib() {
  const target = join(cacheRoot, 'mocklib-package')
  rmSync(target, { recursive: true, force: true })
  mkdirSync(target, { recursive: true })
  const manifest = JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8'))
  for (const entry of manifest.files) if (existsSync(join(packageRoot, entry))) cpSync(join(packageRoot, entry), join(target, entry), { recursive: true })
  cpSync(join(packageRoot, 'package.json'), join(target, 'package.json'))
  return { dir: target, dependencies: Object.keys(manifest.dependencies ?? {}) }
}

/** The fixture installed from its lockfile (cached by the lockfile's hash), with mocklib and the grid's test files put in. */
function prepareProject(fixture, staged) {
  const source = join(gridDir, 'fixtures', fixture)
  const lock = readFileSync(join(source, 'package-lock.json'))
  const hash = createHash('sha256').update(readFileSync(join(source, 'package.json'))).update(lock).update(process.version.split('.')[0]).digest('hex').slice(0, 12)
  const dir = join(cacheRoot, `${fixture}-${hash}`)
  const installed = join(dir, 'node_modules', '.grid-installed')
  if (!existsSync(installed)) {
    // An install for an older lockfile of this fixture is of no more use.
    for (const stale of existsSync(cacheRoot) ? readdirSync(cacheRoot) : []) if (stale.startsWith(`${fixture}-`)) rmSync(join(cacheRoot, stale), { recursive: true, force: true })
    rmSync(dir, { recursive: true, force: true })
    mkdirSync(dir, { recursive: true })
    cpSync(join(source, 'package.json'), join(dir, 'package.json'))
    cpSync(join(source, 'package-lock.json'), join(dir, 'package-lock.json'))
    const began = Date.now()
    const npm = spawnSync('npm', ['ci', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'], { cwd: dir, encoding: 'utf8', shell: process.platform === 'win32' })
    if (npm.status !== 0) fail(`npm ci of fixture ${fixture} failed:\n${npm.stderr}`)
    writeFileSync(installed, new Date().toISOString())
    log(`npm ci ${fixture}: ${seconds(began)}`)
  }
  // mocklib as a registry install would place it; its dependencies are the repository's own.
  const target = join(dir, 'node_modules', 'mocklib')
  rmSync(target, { recursive: true, force: true })
  cpSync(staged.dir, target, { recursive: true })
  for (const dependency of staged.dependencies) {
    const link = join(target, 'node_modules', dependency)
    mkdirSync(dirname(link), { recursive: true })
    symlinkSync(join(root, 'node_modules', dependency), link, 'dir')
  }
  const tests = join(dir, 'tests')
  rmSync(tests, { recursive: true, force: true })
  mkdirSync(tests)
  for (const file of ['cases.cjs', 'jest.grid.test.cjs', 'vitest.grid.test.mjs', 'vitest.config.mjs', 'setup']) cpSync(join(gridDir, file), join(tests, file), { recursive: true })
  return dir
}

/** Runs every (cell, library) pair, `jobs` at a time; resolves each run's case → outcome map (or an error). */
async function runAll(list, parallel) {
  const results = new Map()
  let next = 0
  const worker = async () => {
    while (next < list.length) {
      const run = list[next++]
      results.set(`${run.name} ${run.library}`, await runOne(run))
    }
  }
  await Promise.all(Array.from({ length: parallel }, worker))
  return results
}

function runOne({ name, cell, library }) {
  const dir = projects.get(cell.fixture)
  const tests = join(dir, 'tests')
  const output = join(dir, `result-${name}-${library}.json`)
  rmSync(output, { force: true })
  const env = { ...process.env, ...cell.vars, GRID_LIB: library, GRID_ENV: cell.env, GRID_SETUP: cell.setup ? join(tests, 'setup', cell.setup) : '' }
  delete env.NODE_OPTIONS
  const command = cell.runner === 'jest' ? jestCommand(dir, cell, library, output) : vitestCommand(dir, output)
  return new Promise((resolve) => {
    const child = spawn(process.execPath, command, { cwd: tests, env, stdio: ['ignore', 'pipe', 'pipe'] })
    let log = ''
    let hungAtExit = false
    const collect = (chunk) => {
      log += chunk
      // The cases ran, but something they left open keeps the process alive: note it, then end the wait.
      if (!hungAtExit && log.includes('Jest did not exit one second after the test run has completed')) {
        hungAtExit = true
        setTimeout(() => child.kill('SIGKILL'), 5_000).unref()
      }
    }
    child.stdout.on('data', collect)
    child.stderr.on('data', collect)
    const timer = setTimeout(() => child.kill('SIGKILL'), RUN_TIMEOUT_MS)
    child.on('close', (code, signal) => {
      clearTimeout(timer)
      const logFile = join(dir, `log-${name}-${library}.txt`)
      writeFileSync(logFile, log)
      if (signal && !hungAtExit) return resolve({ error: `killed after ${RUN_TIMEOUT_MS / 1000} s (hung)${firstError(log)}`, logFile })
      // Jest's JSON writer throws on a circular failure detail (an axios error): its printed list stands in.
      const json = existsSync(output) ? JSON.parse(readFileSync(output, 'utf8')) : undefined
      const outcomes = json !== undefined ? outcomesOf(json) : printedOutcomes(log)
      const reasons = json !== undefined ? reasonsOf(json) : new Map()
      // No case reported: the suite did not load, or the process died under the cases (an uncaught error in jsdom).
      resolve(outcomes.size === 0 ? { error: `no case reported (exit ${code})${firstError(log)}:\n${lastLines(log)}`, logFile } : { outcomes, reasons, hungAtExit, logFile })
    })
  })
}

function jestCommand(dir, cell, library, output) {
  const config = {
    rootDir: join(dir, 'tests'),
    roots: ['<rootDir>'],
    testMatch: ['<rootDir>/jest.grid.test.cjs'],
    // A name (node, jsdom, jest-fixed-jsdom) or a custom environment of the grid's (setup/*.cjs).
    testEnvironment: cell.env.endsWith('.cjs') ? join(dir, 'tests', 'setup', cell.env) : cell.env,
    // msw's documented setup for jsdom: Node's export conditions, so 'msw/node' resolves.
    ...(cell.env === 'jsdom' ? { testEnvironmentOptions: { customExportConditions: [''], url: 'http://localhost/' } } : {}),
    setupFiles: cell.setup ? [join(dir, 'tests', 'setup', cell.setup)] : [],
    moduleNameMapper: library === 'mocklib' ? { '^msw$': 'mocklib', '^msw/node$': 'mocklib/node' } : {},
    moduleFileExtensions: ['js', 'cjs', 'mjs', 'json'],
    // msw 2.15 requires ES-module-only packages (rettime, until-async, @open-draft/deferred-promise)
    // from its CommonJS build: under Jest they must be transformed, as msw's Jest users configure.
    transform: { '\\.[cm]?js$': ['babel-jest', { presets: [['@babel/preset-env', { targets: { node: 'current' } }]] }] },
    transformIgnorePatterns: ['/node_modules/(?!(rettime|until-async|@open-draft|@inquirer)/)'],
    testTimeout: 5_000,
    cacheDirectory: join(dir, '.jest-cache'),
  }
  return [join(dir, 'node_modules', 'jest', 'bin', 'jest.js'), '--config', JSON.stringify(config), '--ci', '--watchman=false', '--json', `--outputFile=${output}`]
}

function vitestCommand(dir, output) {
  return [join(dir, 'node_modules', 'vitest', 'vitest.mjs'), 'run', '--config', 'vitest.config.mjs', '--reporter=json', `--outputFile=${output}`]
}

/** Case title → 'passed' | 'failed' from a Jest-shaped JSON report (Jest's and Vitest's json reporters share it). */
function outcomesOf(report) {
  const outcomes = new Map()
  for (const file of report.testResults ?? []) {
    for (const assertion of file.assertionResults ?? []) outcomes.set(assertion.title, assertion.status === 'passed' ? 'passed' : 'failed')
  }
  return outcomes
}

/** Case title → the first line of its failure message (shown beside a lost case). */
function reasonsOf(report) {
  const reasons = new Map()
  for (const file of report.testResults ?? []) {
    for (const assertion of file.assertionResults ?? []) {
      const reason = firstLine(assertion.failureMessages?.[0] ?? '')
      if (assertion.status !== 'passed' && reason !== '') reasons.set(assertion.title, reason)
    }
  }
  return reasons
}

function firstLine(message) {
  // eslint-disable-next-line no-control-regex
  const line = message.replace(/\u001b\[[0-9;]*m/g, '').split('\n').map((text) => text.trim()).find((text) => text !== '') ?? ''
  return line.length > 160 ? `${line.slice(0, 157)}...` : line
}

/** Case title → outcome from Jest's printed list (`✓ title (3 ms)`, `✕ title`). */
function printedOutcomes(log) {
  const outcomes = new Map()
  for (const [, mark, title] of log.matchAll(/^\s+([✓✕]) (.+?)(?: \(\d+ ms\))?$/gm)) outcomes.set(title, mark === '✓' ? 'passed' : 'failed')
  return outcomes
}

/** Prints the table and the cases that differ; true when mocklib lost a case msw passes, or a mocklib run gave no result. */
function report(selectedCells, results) {
  let failed = false
  const rows = [['cell', 'msw 2.15', 'mocklib', 'mocklib loses']]
  const details = []
  for (const [name] of selectedCells) {
    const control = results.get(`${name} msw`)
    const ours = results.get(`${name} mocklib`)
    if (ours.error !== undefined) {
      // Fatal unless msw could not run either (a polyfill that cannot load in that environment).
      if (control.error === undefined) failed = true
      details.push(`${name}: mocklib run failed: ${ours.error}`)
    }
    if (control.error !== undefined) details.push(`${name}: msw run failed: ${control.error}`)
    const lost = []
    const both = []
    for (const [title, outcome] of control.outcomes ?? []) {
      const mine = ours.outcomes?.get(title)
      if (outcome === 'passed' && mine !== 'passed') lost.push(title)
      if (outcome !== 'passed' && mine !== 'passed') both.push(title)
    }
    if (lost.length > 0) failed = true
    if (ours.hungAtExit) {
      // Fatal unless msw left the process hanging too (undici 5 in jsdom: a copied body keeps a MessagePort open).
      if (control.outcomes !== undefined && !control.hungAtExit) failed = true
      details.push(`${name}: Jest did not exit after the cases with mocklib${control.hungAtExit ? ' (nor with msw)' : ' (it did with msw)'}`)
    }
    if (lost.length > 0 || ours.error !== undefined) details.push(`${name}: mocklib's full output: ${ours.logFile}`)
    for (const title of lost) details.push(`${name}: LOST with mocklib: ${title}${ours.reasons?.has(title) ? ` — ${ours.reasons.get(title)}` : ''}`)
    for (const title of both) details.push(`${name}: fails with msw and mocklib: ${title}${control.reasons?.has(title) ? ` — msw: ${control.reasons.get(title)}` : ''}`)
    rows.push([name, tally(control), tally(ours), `${lost.length === 0 ? '0' : `${lost.length} ✗`}${ours.hungAtExit ? ', hangs at exit' : ''}`])
  }
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)))
  for (const row of rows) console.log(row.map((cell, column) => cell.padEnd(widths[column])).join('  '))
  if (details.length > 0) console.log(`\n${details.join('\n')}`)
  return failed
}

function tally(result) {
  if (result.error !== undefined) return 'no result'
  const outcomes = [...result.outcomes.values()]
  return `${outcomes.filter((outcome) => outcome === 'passed').length}/${outcomes.length}${result.hungAtExit ? ' (hangs at exit)' : ''}`
}

/** The first error line of a run's output, to name why it gave no result. */
function firstError(log) {
  const line = log.split('\n').find((text) => /\b(Type|Reference|Syntax)?Error\b/.test(text))
  return line === undefined ? '' : `, first error: ${firstLine(line)}`
}

function lastLines(text) {
  return text.trim().split('\n').slice(-15).join('\n')
}

function seconds(since) {
  return `${((Date.now() - since) / 1000).toFixed(0)} s`
}

function log(line) {
  process.stderr.write(`[version-grid] ${line}\n`)
}

function fail(message) {
  process.stderr.write(`[version-grid] ${message}\n`)
  process.exit(1)
}
