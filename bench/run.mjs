// npm run bench [-- --quick] [-- --rounds N] [-- --only scenario,scenario] (`served`: the mock server rows)
// Every measurement runs in a fresh child process; implementations are
// interleaved round-robin over several rounds and each figure is the median.
import { writeFileSync } from 'node:fs'
import os from 'node:os'
import { fileURLToPath } from 'node:url'
import { goals } from './lib/goals.mjs'
import { runNode } from './lib/spawn.mjs'
import { fmt, median } from './lib/stats.mjs'
import { measureTypecheck } from './typecheck/measure.mjs'

const argv = process.argv.slice(2)
const quick = argv.includes('--quick')
const option = (name) => {
  const at = argv.indexOf(name)
  return at === -1 ? undefined : argv[at + 1]
}
const rounds = Number(option('--rounds') ?? (quick ? 1 : 5))
const only = option('--only')?.split(',')
const here = (path) => fileURLToPath(new URL(path, import.meta.url))

const LABELS = { mocklib: 'mocklib', msw3: 'msw 3', msw2: 'msw 2', nock: 'nock', mockagent: 'MockAgent', fetchmock: 'fetch-mock', interceptors: 'interceptors' }
const COLUMNS = Object.keys(LABELS)

const graphqlReady = 'graphql' in (await import('../dist/index.js'))
const scenarioNames = ['fetch-sequential', 'fetch-1000', 'fetch-concurrent', 'http-get', 'ws-roundtrip', 'sse-events', 'create-handler', 'cold-start', 'cold-first-fetch', 'cold-first-http', 'cold-first-undici', 'cold-first-graphql', 'cold-first-websocket', 'contract-fetch']
if (graphqlReady) scenarioNames.push('graphql-1', 'graphql-200')
const selected = scenarioNames.filter((name) => !only || only.includes(name))
const scenarios = await Promise.all(selected.map(async (name) => ({ name, ...(await import(`./scenarios/${name}.mjs`)) })))

const samples = {} // samples[scenario][impl] = number[]
const errors = []
const record = (scenario, impl, result) => {
  if (result.error !== undefined) errors.push(`${scenario} / ${impl}: ${result.error}`)
  else ((samples[scenario] ??= {})[impl] ??= []).push(result.value)
}
const rotate = (list, by) => list.map((_, i) => list[(i + by) % list.length])

const started = Date.now()
for (let round = 0; round < rounds; round++) {
  for (const scenario of scenarios) {
    for (const impl of rotate(scenario.impls, round)) {
      if (scenario.script) {
        // Cold start: pair every run with a bare-Node run right before it.
        const repeats = quick ? 3 : 4
        for (let i = 0; i < repeats; i++) {
          const bare = await runNode([here('./cold/bare.mjs')])
          const result = await runNode([scenario.script(impl)])
          // A script whose mocked answer was wrong (`ok: false`) measured nothing worth a figure.
          if (result.ok === false) result.error ??= 'the mocked answer was not the expected one (ok: false)'
          record(scenario.name, impl, result.error ? result : { value: result.value - bare.value })
        }
      } else {
        record(scenario.name, impl, await runNode([here('./child.mjs'), scenario.name, impl, ...(quick ? ['--quick'] : [])]))
      }
    }
  }
  process.stderr.write(`round ${round + 1}/${rounds} done (${((Date.now() - started) / 1000).toFixed(0)} s)\n`)
}

const results = {}
for (const [scenario, byImpl] of Object.entries(samples)) {
  results[scenario] = Object.fromEntries(Object.entries(byImpl).map(([impl, values]) => [impl, median(values)]))
}

if (!only || only.includes('graphql-loaded')) {
  const check = await runNode(['--import', here('./cold/detect-graphql.mjs'), here('./cold/graphql-check.mjs')])
  if (check.error) errors.push(`graphql-loaded: ${check.error}`)
  else results['graphql-loaded'] = { mocklib: check.value }
}
if (!only || only.includes('memory')) {
  const memory = await runNode(['--expose-gc', here('./memory.mjs'), ...(quick ? ['--quick'] : [])])
  if (memory.error) errors.push(`memory: ${memory.error}`)
  else results.memory = { mocklib: memory.value }
}
let servedLines = []
if (!only || only.includes('served')) {
  // The mock server (mocklib/server) against @mswjs/http-middleware and Prism, over real sockets.
  const { measureServed, servedTable } = await import('./served/measure.mjs')
  const served = await measureServed({ rounds: quick ? 1 : 3, seconds: quick ? 2 : 5 })
  Object.assign(results, served.rows)
  errors.push(...served.errors)
  servedLines = ['', ...servedTable(served.rows)]
}
let typecheckNote = ''
const TYPECHECK_ROWS = []
if (!only || only.includes('typecheck')) {
  const typecheck = await measureTypecheck({ rounds: quick ? 1 : 3 })
  // One row per compiler and mocklib style (http.* and the mock.* builder).
  Object.assign(results, typecheck.rows)
  for (const name of Object.keys(typecheck.rows)) TYPECHECK_ROWS.push(name)
  typecheckNote = typecheck.note
  errors.push(...typecheck.errors)
}

// ---- report -----------------------------------------------------------------
const TITLES = Object.fromEntries(scenarios.map((s) => [s.name, `${s.title} (${s.unit})`]))
for (const name of TYPECHECK_ROWS) TITLES[name] = `${name}, generated file (ms, check time)`
const tableRows = [...selected.filter((name) => results[name]), ...TYPECHECK_ROWS]
const header = `| scenario | ${COLUMNS.map((c) => LABELS[c]).join(' | ')} |`
const rule = `|---|${COLUMNS.map(() => '---:').join('|')}|`
const lines = tableRows.map((name) => {
  const row = results[name]
  const ours = row.mocklib
  const cells = COLUMNS.map((impl) => {
    const value = row[impl]
    if (value === undefined) return ''
    if (impl === 'mocklib' || !Number.isFinite(ours) || ours <= 0) return `**${fmt(value)}**`
    return `${fmt(value)} (${fmt(value / ours)}x)`
  })
  return `| ${TITLES[name]} | ${cells.join(' | ')} |`
})
if (!graphqlReady) lines.push(`| GraphQL query, 1 / 200 handlers | pending: \`graphql\` is not exported by mocklib yet | | | | | | |`)

const goalLines = goals.map((goal) => {
  const { status, detail } = goal.evaluate(results)
  const mark = status === 'met' ? '✅ met' : status === 'not met' ? '❌ not met' : '⏳ pending'
  return `| ${goal.text} | ${mark} | ${detail ?? ''} |`
})

const cpu = os.cpus()[0]?.model ?? 'unknown CPU'
const report = [
  `# mocklib benchmarks`,
  '',
  `${new Date().toISOString()} · Node ${process.version} · ${os.cpus().length} × ${cpu} · load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} · ${rounds} round(s)${quick ? ' (--quick)' : ''}`,
  '',
  'Medians over interleaved rounds, each measurement in a fresh process. In parentheses: the other library divided by mocklib (above 1x: mocklib is faster).',
  '',
  // `--only served` measures no row of the main table: it is left out rather than printed empty.
  ...(lines.length > 0 ? [header, rule, ...lines] : []),
  ...servedLines,
  '',
  '| goal | status | measured |',
  '|---|---|---|',
  ...goalLines,
  '',
  ...(typecheckNote ? [typecheckNote, ''] : []),
  ...(errors.length ? ['Errors:', '', ...errors.map((e) => `- ${e.replace(/\n/g, ' ')}`), ''] : []),
].join('\n')

process.stdout.write(`${report}\n`)
// --quick never overwrites the full run's table.
if (!only) writeFileSync(here(quick ? './results-quick.md' : './results.md'), `${report}\n`)
process.stderr.write(`bench finished in ${((Date.now() - started) / 1000).toFixed(0)} s\n`)
