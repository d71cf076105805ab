#!/usr/bin/env node
// Median time of one mocked fetch through a real Service Worker: mocklib's
// worker vs msw's, in the same headless Chromium session. Each library runs on
// its own 127.0.0.1 origin (own worker registration); rounds alternate so that
// neither gets a warmer browser. Uses the built package: `npm run build` first.
//
//   node bench/browser-worker.mjs [requests=200] [rounds=3]
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { createServer } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { chromium } from 'playwright-core'

const root = fileURLToPath(new URL('..', import.meta.url))
const requests = Number(process.argv[2] ?? 200)
const rounds = Number(process.argv[3] ?? 3)

const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage']

async function bundle(contents) {
  const result = await build({ stdin: { contents, resolveDir: root }, bundle: true, write: false, format: 'esm', platform: 'browser', minify: true, logLevel: 'silent' })
  return result.outputFiles[0].text
}

const libraries = {
  mocklib: {
    page: "import { setupWorker } from 'mocklib/browser'; import { http, HttpResponse } from 'mocklib'; window.lib = { setupWorker, http, HttpResponse }",
    worker: 'dist/mocklib-worker.js',
    workerUrl: '/mocklib-worker.js',
  },
  msw: {
    page: "import { setupWorker } from 'msw/browser'; import { http, HttpResponse } from 'msw'; window.lib = { setupWorker, http, HttpResponse }",
    worker: 'node_modules/msw/lib/mockServiceWorker.js',
    workerUrl: '/mockServiceWorker.js',
  },
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

const servers = []
const pages = {}
const profile = await mkdtemp(join(tmpdir(), 'mocklib-bench-'))
const context = await chromium.launchPersistentContext(profile, { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS, headless: true })
try {
  for (const [name, library] of Object.entries(libraries)) {
    const { server, origin } = await serve({ '/app.js': await bundle(library.page), [library.workerUrl]: await readFile(join(root, library.worker), 'utf8') })
    servers.push(server)
    const page = await context.newPage()
    await page.goto(origin + '/')
    await page.waitForFunction(() => window.lib !== undefined)
    await page.evaluate(async (url) => {
      const { setupWorker, http, HttpResponse } = window.lib
      window.worker = setupWorker(http.get('/api/user/:id', ({ params }) => HttpResponse.json({ id: params.id, name: 'Ada' })))
      await window.worker.start({ quiet: true, onUnhandledRequest: 'bypass', serviceWorker: { url } })
      for (let i = 0; i < 20; i++) await (await fetch(`/api/user/${i}`)).json()
      // Both must answer through their Service Worker, not an in-page fallback.
      if (!navigator.serviceWorker.controller?.scriptURL.endsWith(url)) throw new Error(`${url} does not control the page`)
    }, library.workerUrl)
    pages[name] = page
  }
  const samples = { mocklib: [], msw: [] }
  for (let round = 0; round < rounds; round++) {
    for (const name of round % 2 ? ['msw', 'mocklib'] : ['mocklib', 'msw']) {
      const times = await pages[name].evaluate(async (count) => {
        const times = []
        for (let i = 0; i < count; i++) {
          const start = performance.now()
          const body = await (await fetch(`/api/user/${i}`)).json()
          times.push(performance.now() - start)
          if (body.id !== String(i)) throw new Error('not mocked')
        }
        return times
      }, requests)
      samples[name].push(...times)
    }
  }
  const mocklib = median(samples.mocklib)
  const msw = median(samples.msw)
  console.log(`Mocked fetch through the Service Worker, ${requests} sequential requests × ${rounds} rounds (Chromium ${context.browser()?.version() ?? ''})`)
  console.log(`  mocklib median: ${mocklib.toFixed(3)} ms`)
  console.log(`  msw     median: ${msw.toFixed(3)} ms`)
  console.log(`  ratio mocklib/msw: ${(mocklib / msw).toFixed(2)}`)
} finally {
  await context.close()
  for (const server of servers) server.close()
  await rm(profile, { recursive: true, force: true })
}
