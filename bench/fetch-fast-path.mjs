// Micro-benchmark of the fetch fast path, built from sources (no dist needed):
//   node bench/fetch-fast-path.mjs [srcDir=src] [--label name]
// Bundles <srcDir>/api/index.ts and <srcDir>/api/node.ts with esbuild into
// node_modules/.cache, then times sequential mocked fetches (JSON body read) in
// rounds, interleaved with fetch-mock, in this one process. Prints medians.
// Compare two trees (e.g. `git archive <rev> src | tar -x -C /tmp/before`).
import { build } from 'esbuild'
import fetchMock from 'fetch-mock'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { BODY, pathOf, patternOf, perCallMicros, readJson, urlOf } from './lib/measure.mjs'

const srcDir = resolve(process.argv[2] && !process.argv[2].startsWith('--') ? process.argv[2] : 'src')
// Inside node_modules so that the bundle resolves the real dependencies (@mswjs/interceptors).
const cache = resolve('node_modules/.cache')
mkdirSync(cache, { recursive: true })
const outdir = mkdtempSync(join(cache, 'mocklib-fastpath-'))
await build({
  entryPoints: { index: join(srcDir, 'api/index.ts'), node: join(srcDir, 'api/node.ts') },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  external: ['@mswjs/interceptors', '@mswjs/interceptors/*', 'graphql'],
  logLevel: 'error',
})
const { http, HttpResponse } = await import(join(outdir, 'index.js'))
const { setupServer } = await import(join(outdir, 'node.js'))

const ROUNDS = 7
const options = { warmup: 300, iterations: 1000 }
const url = urlOf(0)
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

async function mocklibRound() {
  const server = setupServer(http.get(patternOf(0), () => HttpResponse.json(BODY)))
  server.listen({ onUnhandledRequest: 'error' })
  try {
    return await perCallMicros(async () => readJson(await fetch(url)), options)
  } finally {
    server.close()
  }
}

async function fetchMockRound() {
  fetchMock.removeRoutes()
  fetchMock.get(`express:${pathOf(0)}`, BODY)
  fetchMock.mockGlobal()
  try {
    return await perCallMicros(async () => readJson(await fetch(url)), options)
  } finally {
    fetchMock.unmockGlobal()
  }
}

const mocklib = []
const reference = []
for (let round = 0; round < ROUNDS; round++) {
  mocklib.push(await mocklibRound())
  reference.push(await fetchMockRound())
}
rmSync(outdir, { recursive: true, force: true })
const ours = median(mocklib)
const theirs = median(reference)
console.log(JSON.stringify({ src: srcDir, node: process.version, mocklibMicros: +ours.toFixed(1), fetchMockMicros: +theirs.toFixed(1), ratio: +(ours / theirs).toFixed(2) }))
