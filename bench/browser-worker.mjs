#!/usr/bin/env node
// Median time of one mocked fetch through a real Service Worker: mocklib's
// worker vs msw's, in the same headless Chromium session, with floor rows for
// what the worker round trip is measured against:
//   - in-page: mocklib with `interception: 'in-page'` (fetch patched in the
//     page, no worker), the same handler;
//   - bare fetch: `window.fetch` replaced by a function that builds the
//     Response, no library at all;
//   - worker alone: a Service Worker that builds the Response itself, with no
//     trip to the page: no design that asks the page's handlers can be faster.
// Each row runs on its own 127.0.0.1 origin (own worker registration); rounds
// alternate the order so that none gets a warmer browser, and are short so
// that a busy spell of the machine falls on every row alike. Requests are timed
// in batches of 10 sequential fetches (performance.now() is coarsened to
// 0.1 ms in a page that is not cross-origin isolated, too coarse for one
// in-page fetch); the in-page rows, some hundredths of a millisecond a fetch,
// in batches of 100 (and 10 times the requests); the median is over batches. Uses the built package:
// `npm run build` first; with `--sources`, mocklib's page and worker are
// bundled from src/ instead (to measure a change without a build).
//
//   node bench/browser-worker.mjs [requests per round=50] [rounds=12] [--sources]
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { createServer } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { chromium } from 'playwright-core'

const root = fileURLToPath(new URL('..', import.meta.url))
const fromSources = process.argv.includes('--sources')
const [requests = 50, rounds = 12] = process.argv.slice(2).filter((arg) => arg !== '--sources').map(Number)
const BATCH = 10
// In-page rows answer in hundredths of a millisecond: batches of 10 would measure them in 0.01 ms steps.
const IN_PAGE_BATCH = 100

const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage']

// The version both sides carry when built from src/ (as tsup's define does for dist/).
const define = { __MOCKLIB_VERSION__: JSON.stringify('0.0.0-bench') }
const sourceAliases = { mocklib: join(root, 'src/api/index.ts'), 'mocklib/browser': join(root, 'src/api/browser.ts') }

// `tsconfigRaw: {}`: no tsconfig of the repository steers resolution; without --sources the bench measures the package, dist/.
async function bundle(contents) {
  const sources = fromSources ? { alias: sourceAliases, define } : {}
  const result = await build({ stdin: { contents, resolveDir: root }, bundle: true, write: false, format: 'esm', platform: 'browser', minify: true, logLevel: 'silent', tsconfigRaw: {}, ...sources })
  return result.outputFiles[0].text
}

async function mocklibWorker() {
  if (!fromSources) return readFile(join(root, 'dist/mocklib-worker.js'), 'utf8')
  const result = await build({ entryPoints: [join(root, 'src/service-worker/worker.ts')], bundle: true, write: false, format: 'iife', platform: 'browser', target: 'es2020', minify: true, define, logLevel: 'silent' })
  return result.outputFiles[0].text
}

const MOCKLIB_PAGE = "import { setupWorker } from 'mocklib/browser'; import { http, HttpResponse } from 'mocklib'; window.lib = { setupWorker, http, HttpResponse }"

// The worker-alone floor: answers /api/user/:id itself, with a stream body
// (the cheaper of the bodies Chromium hands from a worker to a page).
const WORKER_ALONE = `
self.addEventListener('install', () => self.skipWaiting())
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()))
const encoder = new TextEncoder()
self.addEventListener('fetch', (event) => {
  const path = new URL(event.request.url).pathname
  if (!path.startsWith('/api/user/')) return
  const bytes = encoder.encode(JSON.stringify({ id: path.slice('/api/user/'.length), name: 'Ada' }))
  const body = new ReadableStream({ start(controller) { controller.enqueue(bytes); controller.close() } })
  event.respondWith(new Response(body, { headers: { 'content-type': 'application/json' } }))
})`

const rows = {
  mocklib: {
    label: 'mocklib, Service Worker',
    page: MOCKLIB_PAGE,
    worker: mocklibWorker,
    workerUrl: '/mocklib-worker.js',
    start: 'library',
  },
  msw: {
    label: `msw ${await versionOf('msw')}, Service Worker`,
    page: "import { setupWorker } from 'msw/browser'; import { http, HttpResponse } from 'msw'; window.lib = { setupWorker, http, HttpResponse }",
    worker: () => readFile(join(root, 'node_modules/msw/lib/mockServiceWorker.js'), 'utf8'),
    workerUrl: '/mockServiceWorker.js',
    start: 'library',
  },
  msw2: {
    label: `msw ${await versionOf('msw2')}, Service Worker`,
    page: "import { setupWorker } from 'msw2/browser'; import { http, HttpResponse } from 'msw2'; window.lib = { setupWorker, http, HttpResponse }",
    worker: () => readFile(join(root, 'node_modules/msw2/lib/mockServiceWorker.js'), 'utf8'),
    workerUrl: '/mockServiceWorker.js',
    start: 'library',
  },
  inPage: { label: "floor: mocklib in-page (interception: 'in-page')", page: MOCKLIB_PAGE, start: 'in-page', batch: IN_PAGE_BATCH },
  bareFetch: { label: 'floor: bare window.fetch replacement', page: 'window.lib = {}', start: 'bare-fetch', batch: IN_PAGE_BATCH },
  workerAlone: { label: 'floor: a worker that answers by itself', page: 'window.lib = {}', worker: async () => WORKER_ALONE, workerUrl: '/worker-alone.js', start: 'worker-alone' },
}

async function versionOf(name) {
  return JSON.parse(await readFile(join(root, 'node_modules', name, 'package.json'), 'utf8')).version
}

async function serve(files) {
  const server = createServer((request, response) => {
    const path = new URL(request.url, 'http://x').pathname
    if (path === '/') {
      response.setHeader('content-type', 'text/html')
      return response.end('<!doctype html><script type="module" src="/app.js"></script>')
    }
    if (files[path] === undefined) {
      response.statusCode = 404
      return response.end()
    }
    response.setHeader('content-type', 'text/javascript')
    response.end(files[path])
  })
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { server, origin: `http://127.0.0.1:${server.address().port}` }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = sorted.length >> 1
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

// Runs in the page: starts the row's way of answering /api/user/:id, then warms it up.
async function startRow({ start, workerUrl }) {
  if (start === 'bare-fetch') {
    window.fetch = async (input) => {
      const id = new URL(String(input), location.href).pathname.slice('/api/user/'.length)
      return new Response(JSON.stringify({ id, name: 'Ada' }), { headers: { 'content-type': 'application/json' } })
    }
  } else if (start === 'worker-alone') {
    await navigator.serviceWorker.register(workerUrl)
    await navigator.serviceWorker.ready
    if (!navigator.serviceWorker.controller) await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }))
  } else {
    const { setupWorker, http, HttpResponse } = window.lib
    window.worker = setupWorker(http.get('/api/user/:id', ({ params }) => HttpResponse.json({ id: params.id, name: 'Ada' })))
    const options = { quiet: true, onUnhandledRequest: 'bypass' }
    await window.worker.start(start === 'in-page' ? { ...options, interception: 'in-page' } : { ...options, serviceWorker: { url: workerUrl } })
  }
  for (let i = 0; i < 20; i++) await (await fetch(`/api/user/${i}`)).json()
  // Worker rows must answer through their Service Worker, not an in-page fallback.
  if (workerUrl && !navigator.serviceWorker.controller?.scriptURL.endsWith(workerUrl)) throw new Error(`${workerUrl} does not control the page`)
}

// Runs in the page: the time of each batch of sequential fetches, per fetch.
async function timeRequests({ count, batch }) {
  const times = []
  for (let first = 0; first < count; first += batch) {
    const start = performance.now()
    for (let i = first; i < first + batch; i++) {
      const body = await (await fetch(`/api/user/${i}`)).json()
      if (body.id !== String(i)) throw new Error('not mocked')
    }
    times.push((performance.now() - start) / batch)
  }
  return times
}

const servers = []
const pages = {}
const profile = await mkdtemp(join(tmpdir(), 'mocklib-bench-'))
const context = await chromium.launchPersistentContext(profile, { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS, headless: true })
try {
  for (const [name, row] of Object.entries(rows)) {
    const files = { '/app.js': await bundle(row.page) }
    if (row.worker) files[row.workerUrl] = await row.worker()
    const { server, origin } = await serve(files)
    servers.push(server)
    const page = await context.newPage()
    await page.goto(origin + '/')
    await page.waitForFunction(() => window.lib !== undefined)
    await page.evaluate(startRow, { start: row.start, workerUrl: row.workerUrl })
    pages[name] = page
  }
  const names = Object.keys(rows)
  const samples = Object.fromEntries(names.map((name) => [name, []]))
  for (let round = 0; round < rounds; round++) {
    for (const name of round % 2 ? [...names].reverse() : names) {
      const batch = rows[name].batch ?? BATCH
      samples[name].push(...(await pages[name].evaluate(timeRequests, { count: requests * (batch / BATCH), batch })))
    }
  }
  const medians = Object.fromEntries(names.map((name) => [name, median(samples[name])]))
  const ratio = (name) => (medians.mocklib / medians[name]).toFixed(2)
  console.log(`Mocked fetch, ${requests} sequential requests × ${rounds} rounds, median of batches of ${BATCH} (in-page rows: ${IN_PAGE_BATCH}, ${IN_PAGE_BATCH / BATCH}× the requests), mocklib from ${fromSources ? 'src/' : 'dist/'} (Chromium ${context.browser()?.version() ?? ''})`)
  for (const name of names) console.log(`  ${rows[name].label.padEnd(50)} ${medians[name].toFixed(rows[name].batch ? 4 : 3)} ms`)
  console.log(`  ratio mocklib/msw: ${ratio('msw')}`)
  console.log(`  ratio mocklib/msw ${await versionOf('msw2')}: ${ratio('msw2')}`)
  console.log(`  ratio mocklib/in-page floor: ${ratio('inPage')}`)
  console.log(`  ratio mocklib/bare fetch floor: ${ratio('bareFetch')}`)
  console.log(`  ratio mocklib/worker-alone floor: ${ratio('workerAlone')}`)
  console.log(`  ratio mocklib in-page/bare fetch floor: ${(medians.inPage / medians.bareFetch).toFixed(2)}`)
} finally {
  await context.close()
  for (const server of servers) server.close()
  await rm(profile, { recursive: true, force: true })
}
