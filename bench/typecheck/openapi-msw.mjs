// Type-check cost of contract-typed handlers: the same N handlers of one
// OpenAPI document (openapi-workload.mjs) written with mocklib's
// `openapi<paths>()` (and its `mock` builder) and with openapi-msw's
// `createOpenApiHttp<paths>()`, each checked by `tsc --extendedDiagnostics` in
// a fresh process, interleaved over rounds, on TypeScript 5.9, 6.0 and 7.0.
// Times are CPU time on the JavaScript compilers (cpu-clock.cjs), wall time on 7.0.
//
// openapi-msw needs msw 2 as a peer, and this package's `msw` is msw 3, so
// openapi-msw and msw 2 (the version of node_modules/msw2) are installed once
// into a cache folder under the OS temp dir, never into the package:
// `npm install --prefix <cache> --no-save`. Needs dist/ (`npm run build`), or
// MOCKLIB_BENCH_DIST=<absolute folder> of a build made with `npx tsup --out-dir <folder>`.
//
//   node bench/typecheck/openapi-msw.mjs [--operations 50] [--rounds 3] [--document generated|github]
//
// `--document github`: N GET operations of GitHub's REST description (@octokit/openapi, 6.5 MB of
// `paths`), each answering its declared 404; the types are type-tests/openapi-github/temp/github.paths.ts
// (written by type-tests/openapi-github/check.mjs, or here on first use).
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { median } from '../lib/stats.mjs'
import { githubHandlersFile, githubTemplates, openApiDocument, openApiHandlersFile } from './openapi-workload.mjs'
import { COMPILERS, runTsc, writeModuleProject } from './tsc-project.mjs'

const require = createRequire(import.meta.url)
const here = (path) => fileURLToPath(new URL(path, import.meta.url))
const OPENAPI_MSW = '2.0.0'
const MSW = require('msw2/package.json').version

/** The cache folder holding openapi-msw and msw 2 (installed on first use). */
export function openApiMswCache() {
  const cache = join(tmpdir(), `mocklib-bench-openapi-msw-${OPENAPI_MSW}-msw-${MSW}`)
  if (!existsSync(join(cache, 'node_modules/openapi-msw/package.json')) || !existsSync(join(cache, 'node_modules/msw/package.json'))) {
    // --ignore-scripts: msw's postinstall copies a worker script into a project, which a type check does not need.
    const npm = spawnSync('npm', ['install', '--prefix', cache, '--no-save', '--no-package-lock', '--ignore-scripts', '--no-audit', '--no-fund', `openapi-msw@${OPENAPI_MSW}`, `msw@${MSW}`], {
      stdio: ['ignore', 'ignore', 'inherit'],
    })
    if (npm.status !== 0) throw new Error(`npm install of openapi-msw@${OPENAPI_MSW} and msw@${MSW} into ${cache} failed (exit ${npm.status}): the row needs the npm registry once.`)
  }
  return cache
}

/** Writes openapi-typescript's `paths` for the document at `source` to `target`. */
function writePaths(source, target) {
  const cli = here('../../node_modules/openapi-typescript/bin/cli.js')
  const run = spawnSync(process.execPath, [cli, source, '-o', target], { stdio: ['ignore', 'ignore', 'inherit'] })
  if (run.status !== 0) throw new Error(`openapi-typescript failed on ${source} (exit ${run.status})`)
}

/** The `paths` text and a handlers file per style, for the generated document or GitHub's. */
function workload(document, operations) {
  if (document === 'github') {
    const source = here('../../node_modules/@octokit/openapi/generated/api.github.com.json')
    const typed = here('../../type-tests/openapi-github/temp/github.paths.ts')
    if (!existsSync(typed)) writePaths(source, typed)
    const templates = githubTemplates(JSON.parse(readFileSync(source, 'utf8')), operations)
    return { paths: readFileSync(typed, 'utf8'), handlers: (style) => githubHandlersFile(style, templates), what: `${templates.length} GET operations of GitHub's REST description (each answering its 404)` }
  }
  const scratch = mkdtempSync(join(tmpdir(), 'mocklib-openapi-paths-'))
  try {
    writeFileSync(join(scratch, 'document.json'), JSON.stringify(openApiDocument(operations)))
    writePaths(join(scratch, 'document.json'), join(scratch, 'paths.ts'))
    const what = `${operations} operations of a generated 3.1 document (get/post/put/delete/list, own schemas each)`
    return { paths: readFileSync(join(scratch, 'paths.ts'), 'utf8'), handlers: (style) => openApiHandlersFile(style, operations), what }
  } finally {
    rmSync(scratch, { recursive: true, force: true })
  }
}

/**
 * @returns {Promise<{ rows: Record<string, Record<string, number>>, note: string, errors: string[] }>}
 *   one row per compiler and mocklib style, columns mocklib / openapiMsw (median check time, ms) and ratio (median of per-round ratios)
 */
export async function measureOpenApiTypecheck({ operations = 50, rounds = 3, document = 'generated' } = {}) {
  const dist = process.env.MOCKLIB_BENCH_DIST
  const types = dist ?? here('../../dist')
  if (!existsSync(join(types, 'openapi.d.ts')) || !existsSync(join(types, 'index.d.ts'))) throw new Error(`${types}/index.d.ts or openapi.d.ts is missing: run \`npm run build\` first.`)
  const cache = openApiMswCache()
  const { paths, handlers, what } = workload(document, operations)
  // mocklib's projects inside the package (`mocklib/openapi` resolves to its dist/ by self-reference);
  // openapi-msw's inside the cache, beside its node_modules.
  const ours = here(`./.generated-openapi-${process.pid}/`)
  const theirs = join(cache, `projects-${process.pid}/`)
  const project = (root, style, build) => writeModuleProject(`${root}${style}/`, { 'paths.mts': paths, 'handlers.mts': handlers(style) }, build)
  const projects = { mocklib: project(ours, 'mocklib', dist), builder: project(ours, 'builder', dist), openapiMsw: project(theirs, 'openapi-msw') }
  const names = Object.keys(projects)
  const rows = {}
  const notes = []
  const errors = []
  try {
    for (const compiler of COMPILERS) {
      const cpuClock = compiler.version !== '7.0'
      const runs = Object.fromEntries(names.map((name) => [name, []]))
      const totals = Object.fromEntries(names.map((name) => [name, []]))
      const instantiations = {}
      for (let round = 0; round < rounds; round++) {
        for (const name of round % 2 ? [...names].reverse() : names) {
          const result = await runTsc(compiler.tsc, projects[name], { cpuClock })
          // A style whose handlers do not type-check is no figure: the workload is meant to be valid for both.
          if (result.code !== 0) errors.push(`openapi typecheck ${compiler.name} ${name}: tsc exit ${result.code}: ${result.diagnostics.slice(0, 3).join(' | ')}`)
          runs[name].push(result.check)
          totals[name].push(result.total)
          instantiations[name] = result.instantiations
        }
      }
      const ratio = (name) => median(runs[name].map((time, round) => time / runs.openapiMsw[round]))
      const clock = cpuClock ? 'CPU' : 'wall'
      const on = document === 'github' ? ', GitHub' : ''
      rows[`typecheck${on}, openapi<paths>() handlers vs openapi-msw (${compiler.name}, ${clock})`] = { mocklib: median(runs.mocklib), openapiMsw: median(runs.openapiMsw), ratio: ratio('mocklib') }
      rows[`typecheck${on}, openapi<paths>().mock builder vs openapi-msw (${compiler.name}, ${clock})`] = { mocklib: median(runs.builder), openapiMsw: median(runs.openapiMsw), ratio: ratio('builder') }
      const total = (name) => median(totals[name]).toFixed(0)
      notes.push(
        `${compiler.name}: total time (${clock}) handlers ${total('mocklib')} ms, builder ${total('builder')} ms, openapi-msw ${total('openapiMsw')} ms` +
          (instantiations.mocklib ? `, instantiations handlers ${instantiations.mocklib}, builder ${instantiations.builder}, openapi-msw ${instantiations.openapiMsw}` : ''),
      )
    }
  } finally {
    rmSync(ours, { recursive: true, force: true })
    rmSync(theirs, { recursive: true, force: true })
  }
  const note =
    `OpenAPI type-check: ${what}, the same handlers with ` +
    `mocklib's openapi<paths>() (and its mock builder) and openapi-msw ${OPENAPI_MSW} on msw ${MSW}; median tsc check time (ms) over ${rounds} round(s), ratio = median of per-round ratios. ${notes.join('; ')}.`
  return { rows, note, errors }
}

// Alone: node bench/typecheck/openapi-msw.mjs [--operations N] [--rounds N]
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const option = (name, fallback) => {
    const at = process.argv.indexOf(`--${name}`)
    return at === -1 ? fallback : Number(process.argv[at + 1])
  }
  const at = process.argv.indexOf('--document')
  const document = at === -1 ? 'generated' : process.argv[at + 1]
  if (!['generated', 'github'].includes(document)) throw new Error(`--document takes generated or github (got ${document})`)
  const { rows, note, errors } = await measureOpenApiTypecheck({ operations: option('operations', 50), rounds: option('rounds', 3), document })
  for (const [name, row] of Object.entries(rows)) console.log(`${name}: mocklib ${row.mocklib.toFixed(0)} ms, openapi-msw ${row.openapiMsw.toFixed(0)} ms (${row.ratio.toFixed(2)}x)`)
  console.log(note)
  if (errors.length) {
    console.log(errors.join('\n'))
    process.exitCode = 1
  }
}
