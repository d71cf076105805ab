import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest'
import { chromium, type BrowserContext, type Page } from 'playwright-core'
import { findChromium } from '../playwright/support/chromium.js'
import type { PageApi } from './pages/app.js'

export { findChromium, type ChromiumChoice } from '../playwright/support/chromium.js'

declare global {
  interface Window {
    mocklib: PageApi
    worker: ReturnType<PageApi['setupWorker']>
    log: unknown[]
  }
}

const root = fileURLToPath(new URL('../../', import.meta.url))
const source = (path: string): string => join(root, path)

let chosen: ReturnType<typeof findChromium> | undefined

/** The version the test builds of page and worker carry (as tsup's define does). */
export const TEST_VERSION = '0.0.0-test'

const defineVersion = (version: string) => ({ __MOCKLIB_VERSION__: JSON.stringify(version) })

/** Bundles the test page (mocklib from the sources) for the browser. */
export async function buildPage(entry = 'test/browser/pages/app.ts'): Promise<string> {
  const result = await build({
    entryPoints: [source(entry)],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'chrome120',
    alias: { mocklib: source('src/api/index.ts'), 'mocklib/browser': source('src/api/browser.ts') },
    define: defineVersion(TEST_VERSION),
    logLevel: 'silent',
  })
  return result.outputFiles[0]!.text
}

/** Bundles the Service Worker script from the sources, as tsup does. */
export async function buildWorker(version = TEST_VERSION): Promise<string> {
  const result = await build({
    entryPoints: [source('src/service-worker/worker.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2020',
    define: defineVersion(version),
    logLevel: 'silent',
  })
  return result.outputFiles[0]!.text
}

/** A 1×1 transparent PNG. */
export const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64')

export interface TestServer {
  readonly origin: string
  /** Paths the server received, in order (the page and the worker script excluded). */
  readonly hits: string[]
  close(): Promise<void>
}

export type Route = (request: IncomingMessage, response: ServerResponse) => void

/**
 * Serves the test page at `/`, the worker at `/mocklib-worker.js`, extra
 * scripts, and a "real" API under `/real/*` that answers `{ source: 'network' }`.
 */
export async function startServer(files: Record<string, string>, routes: Record<string, Route> = {}): Promise<TestServer> {
  const hits: string[] = []
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname
    if (path === '/') {
      response.setHeader('content-type', 'text/html')
      response.end('<!doctype html><html><head><title>mocklib</title><script type="module" src="/app.js"></script></head><body></body></html>')
      return
    }
    const file = files[path]
    if (file !== undefined) {
      response.setHeader('content-type', 'text/javascript')
      response.setHeader('cache-control', 'no-store')
      response.end(file)
      return
    }
    if (path === '/favicon.ico') {
      response.statusCode = 204
      response.end()
      return
    }
    hits.push(`${request.method} ${path}`)
    const route = routes[path]
    if (route) return route(request, response)
    if (path.startsWith('/real/')) {
      let body = ''
      request.on('data', (chunk: Buffer) => (body += chunk))
      request.on('end', () => {
        response.setHeader('content-type', 'application/json')
        response.setHeader('x-real', 'yes')
        const bypassHeader = request.headers['x-mocklib-bypass'] ?? null
        response.end(JSON.stringify({ source: 'network', method: request.method, body, bypassHeader }))
      })
      return
    }
    response.statusCode = 404
    response.end('not found')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

export interface TestBrowser {
  readonly context: BrowserContext
  readonly page: Page
  /** Console messages of every page: `type: text`. */
  readonly console: string[]
  newPage(): Promise<Page>
  close(): Promise<void>
}

/** A fresh Chromium profile with one page open on `origin`, mocklib loaded. */
export async function openBrowser(origin: string): Promise<TestBrowser> {
  const profile = await mkdtemp(join(tmpdir(), 'mocklib-chromium-'))
  const { executablePath, args } = await (chosen ??= findChromium())
  const context = await chromium.launchPersistentContext(profile, { executablePath, args: [...args], headless: true })
  const messages: string[] = []
  const watch = (page: Page): void => {
    page.on('console', (message) => messages.push(`${message.type()}: ${message.text()}`))
  }
  const newPage = async (): Promise<Page> => {
    const page = await context.newPage()
    watch(page)
    await page.goto(origin + '/')
    await page.waitForFunction(() => document.documentElement.dataset.ready === 'true')
    return page
  }
  const existing = context.pages()[0]
  let page: Page
  if (existing) {
    watch(existing)
    await existing.goto(origin + '/')
    await existing.waitForFunction(() => document.documentElement.dataset.ready === 'true')
    page = existing
  } else page = await newPage()
  return {
    context,
    page,
    console: messages,
    newPage,
    async close() {
      await context.close()
      await rm(profile, { recursive: true, force: true })
    },
  }
}

/** Reloads `page` and waits for mocklib to load again. */
export async function reload(page: Page): Promise<void> {
  await page.reload()
  await page.waitForFunction(() => document.documentElement.dataset.ready === 'true')
}

/** The state a browser test file shares: one server, a fresh browser per test. */
export interface BrowserSuite {
  server: TestServer
  browser: TestBrowser
  page: Page
}

/**
 * Registers the hooks of a browser test file: one server (the test page, the
 * worker built from the sources, `files`, and `routes`) and a fresh Chromium profile per test.
 */
export function browserSuite(files: () => Promise<Record<string, string>> = async () => ({}), routes: Record<string, Route> = {}): BrowserSuite {
  const suite = {} as BrowserSuite
  beforeAll(async () => {
    const [page, worker, extra] = await Promise.all([buildPage(), buildWorker(), files()])
    suite.server = await startServer({ '/app.js': page, '/mocklib-worker.js': worker, ...extra }, routes)
  })
  afterAll(() => suite.server?.close())
  beforeEach(async () => {
    suite.server.hits.length = 0
    suite.browser = await openBrowser(suite.server.origin)
    suite.page = suite.browser.page
  })
  afterEach(() => suite.browser?.close())
  return suite
}
