// Type-check cost: the generated workload (generate.mjs) in three styles for
// mocklib (`http.*` with params inferred, `http.*` with explicit generics, the
// `mock.*` builder), each against msw 2 and msw 3 written with explicit generics
// (the typed way to write those handlers on msw, which infers no params and has
// no builder), each checked by
// `tsc --extendedDiagnostics` in a fresh process, interleaved over rounds, on
// TypeScript 5.9, 6.0 and 7.0 (native). Run alone: `node bench/typecheck/measure.mjs`
// (needs dist/: `npm run build`).
import { spawn } from 'node:child_process'
import { rmSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { median } from '../lib/stats.mjs'
import { mocklibBuilderFile, mocklibExplicitFile, mocklibFile, mswFile, WORKLOAD } from './generate.mjs'
import { COMPILERS, runTsc, writeProject } from './tsc-project.mjs'

const { routes: ROUTES, operations: OPERATIONS } = WORKLOAD
const here = (path) => fileURLToPath(new URL(path, import.meta.url))
// Inside the package, so that `mocklib` resolves to its own dist by self-reference;
// one folder per process, so that two measurements at once do not delete each other's files.
const root = here(`./.generated-${process.pid}/`)

// MOCKLIB_BENCH_DIST (an absolute folder built with `npx tsup --out-dir …`) checks mocklib's
// files against that build instead of dist/, so two builds can be compared.
const otherDist = process.env.MOCKLIB_BENCH_DIST

const write = (name, source) => writeProject(root, name, source, name.startsWith('msw') ? undefined : otherDist)

/**
 * Fails unless `mocklib` resolves into `dist` in every project (and never into the package's
 * own dist/), so that a MOCKLIB_BENCH_DIST figure really is that build's.
 */
async function checkResolvesTo(dist, projects) {
  for (const { tsc } of COMPILERS) for (const project of projects) {
    const listed = await new Promise((resolve) => {
      const child = spawn(process.execPath, [tsc, '-p', project, '--listFilesOnly'], { stdio: ['ignore', 'pipe', 'pipe'] })
      let out = ''
      child.stdout.on('data', (chunk) => (out += chunk))
      child.on('close', () => resolve(out.split('\n')))
    })
    const own = here('../../dist/')
    if (!listed.some((file) => file.startsWith(dist)) || listed.some((file) => file.startsWith(own))) {
      throw new Error(`MOCKLIB_BENCH_DIST=${dist}: ${project} does not check against that build (files: ${listed.filter((file) => /mocklib|dist/.test(file)).join(', ')})`)
    }
  }
}

/**
 * @returns {Promise<{ rows: Record<string, Record<string, number>>, note: string, errors: string[] }>}
 *   one row per compiler and mocklib style, columns mocklib / msw2 / msw3 (median check time, ms)
 */
export async function measureTypecheck({ rounds }) {
  const index = await import(otherDist ? `file://${otherDist}/index.js` : '../../dist/index.js')
  const operations = 'graphql' in index ? OPERATIONS : 0
  const projects = {
    mocklib: write('mocklib', mocklibFile({ routes: ROUTES, operations })),
    explicit: write('explicit', mocklibExplicitFile({ routes: ROUTES, operations })),
    builder: write('builder', mocklibBuilderFile({ routes: ROUTES, operations })),
    msw2: write('msw2', mswFile({ routes: ROUTES, operations, module: 'msw2' })),
    msw3: write('msw', mswFile({ routes: ROUTES, operations })),
  }
  if (otherDist) await checkResolvesTo(otherDist, [projects.mocklib, projects.explicit, projects.builder])
  const names = Object.keys(projects)
  const rows = {}
  const notes = []
  const errors = []
  for (const compiler of COMPILERS) {
    const runs = Object.fromEntries(names.map((name) => [name, []]))
    const types = {}
    const instantiations = {}
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 ? [...names].reverse() : names
      for (const name of order) {
        const result = await runTsc(compiler.tsc, projects[name])
        if (result.code !== 0) errors.push(`typecheck ${compiler.name} ${name}: tsc exit ${result.code}: ${result.diagnostics.slice(0, 3).join(' | ')}`)
        runs[name].push(result.check)
        types[name] = result.types
        instantiations[name] = result.instantiations
      }
    }
    const medians = Object.fromEntries(names.map((name) => [name, median(runs[name])]))
    rows[`typecheck, http.* inferred (${compiler.name})`] = { mocklib: medians.mocklib, msw2: medians.msw2, msw3: medians.msw3 }
    rows[`typecheck, http.* explicit generics (${compiler.name})`] = { mocklib: medians.explicit, msw2: medians.msw2, msw3: medians.msw3 }
    rows[`typecheck, mock.* builder (${compiler.name})`] = { mocklib: medians.builder, msw2: medians.msw2, msw3: medians.msw3 }
    const counts = (figures) => names.map((name) => `${name} ${figures[name]}`).join(', ')
    notes.push(`${compiler.name}: types ${counts(types)}` + (instantiations.mocklib ? `; instantiations ${counts(instantiations)}` : ''))
  }
  rmSync(root, { recursive: true, force: true })
  const note =
    `Type-check: ${ROUTES} routes over the whole path grammar${operations ? ` + ${operations} typed GraphQL operations` : ''}, builder chains of 4 to 6 steps; median tsc check time (ms) over ${rounds} round(s). ` +
    `Each mocklib style is compared with the same handlers on msw 2 and msw 3 written with explicit generics. ${notes.join('; ')}.`
  return { rows, note, errors }
}

// Alone: node bench/typecheck/measure.mjs [--rounds N]
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf('--rounds')
  const { rows, note, errors } = await measureTypecheck({ rounds: at === -1 ? 1 : Number(process.argv[at + 1]) })
  for (const [name, row] of Object.entries(rows)) {
    const ratio = (other) => (row[other] ? `${(row.mocklib / row[other]).toFixed(2)}x` : 'n/a')
    console.log(`${name}: mocklib ${row.mocklib?.toFixed(0)} ms, msw 2 ${row.msw2?.toFixed(0)} ms (${ratio('msw2')}), msw 3 ${row.msw3?.toFixed(0)} ms (${ratio('msw3')})`)
  }
  console.log(note)
  if (errors.length) console.log(errors.join('\n'))
}
