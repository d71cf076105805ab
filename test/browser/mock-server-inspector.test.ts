// mocklib/server in real Chromium: a page on another origin calls the mock server (CORS preflight answered,
// cookies set and sent back), and the inspector page lists requests live, shows the handler that answered,
// and downloads a HAR that fromHar() replays.
import { readFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { chromium, type Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
// From the sources, like the server: one copy of the runtime.
import { fromHar, http, HttpResponse } from '../../src/api/index.js'
import { createMockServer, type MockServer } from '../../src/api/server.js'
import { runInspect } from '../../src/cli/inspect.js'
import { chromiumLaunchOptions } from '../playwright/support/chromium.js'
import { curl } from '../server/clients.js'

let browser: Browser
let server: MockServer
let app: Server
let appOrigin: string

/** The line below, where the handlers are given to the server: the inspector credits them to it. */
const CREATED_AT_LINE = 25
beforeAll(async () => {
  server = await createMockServer([
    http.get('/users', () => HttpResponse.json([{ id: 1, name: 'Ada' }])),
    http.post('/login', () => new HttpResponse(null, { status: 204, headers: { 'set-cookie': 'session=abc; Path=/', 'x-request-cost': '3' } })),
    http.get('/me', ({ cookies }) => HttpResponse.json({ session: cookies.session ?? null })),
  ])
  // The application's own origin: a blank page on another port.
  app = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>app</title>'))
  await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve))
  appOrigin = `http://127.0.0.1:${(app.address() as AddressInfo).port}`
  browser = await chromium.launch(await chromiumLaunchOptions())
})
afterAll(async () => {
  await browser?.close()
  await server?.close()
  await new Promise((resolve) => app?.close(resolve))
})

it('answers a page on another origin: preflighted POST, a response header it may read, cookies both ways', async () => {
  server.clearHistory()
  const page = await browser.newPage()
  await page.goto(appOrigin)
  const result = await page.evaluate(async (mock) => {
    const login = await fetch(`${mock}/login`, { method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json', 'x-client': 'web' }, body: '{}' })
    const me = await fetch(`${mock}/me`, { credentials: 'include' })
    return { login: login.status, cost: login.headers.get('x-request-cost'), me: await me.json() }
  }, server.url)
  expect(result).toEqual({ login: 204, cost: '3', me: { session: 'abc' } })
  expect(server.history().map((entry) => `${entry.outcome} ${entry.method} ${new URL(entry.url).pathname}`)).toEqual(['preflight OPTIONS /login', 'mocked POST /login', 'mocked GET /me'])
  await page.close()
})

it('the inspector lists a request within 100 ms of its answer, shows its handler, and downloads a HAR fromHar() replays', async () => {
  server.clearHistory()
  const context = await browser.newContext({ acceptDownloads: true })
  const page = await context.newPage()
  // Each step fails on its own rather than the whole test timing out.
  page.setDefaultTimeout(5_000)
  await page.goto(`${server.url}/__mocklib/`)
  await page.getByText('live').waitFor()
  // The page notes when a row for /users first appears, by its own clock (the same machine's).
  await page.evaluate(() => {
    const rows = document.getElementById('rows')!
    new MutationObserver(() => {
      if (rows.textContent?.includes('/users') && (window as unknown as { listedAt?: number }).listedAt === undefined) (window as unknown as { listedAt?: number }).listedAt = Date.now()
    }).observe(rows, { childList: true, subtree: true })
  })
  const answer = await curl(`${server.url}/users`)
  const answeredAt = Date.now()
  expect(answer.status).toBe(200)
  await page.waitForFunction(() => (window as unknown as { listedAt?: number }).listedAt !== undefined)
  const listedAt = await page.evaluate(() => (window as unknown as { listedAt: number }).listedAt)
  expect(listedAt - answeredAt).toBeLessThan(100)

  const row = page.locator('#rows tr', { hasText: '/users' })
  // The source column names the file that gave the handler to the server (its line in the title and the detail).
  expect(await row.locator('td').allTextContents()).toEqual([expect.any(String), 'GET', '/users', '200', expect.stringMatching(/^\d+$/), 'GET /users', `mock-server-inspector.test.ts:${CREATED_AT_LINE}`, ''])
  await row.click()
  await page.getByText(`answered by http GET /users (${fileURLToPath(import.meta.url)}:${CREATED_AT_LINE})`).waitFor()
  // The response body, pretty-printed JSON.
  await expect.poll(() => page.locator('#detail pre').last().textContent()).toBe(JSON.stringify([{ id: 1, name: 'Ada' }], null, 2))

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download HAR' }).click()])
  const har = await readFile((await download.path())!, 'utf8')
  const replay = await createMockServer(fromHar(har))
  try {
    // The HAR holds the served URL; fromHar matches it by full URL, so the replay is asked for that URL (origin rule).
    const replayed = await curl(`${replay.url}/${server.url}/users`)
    expect(JSON.parse(replayed.body)).toEqual([{ id: 1, name: 'Ada' }])
  } finally {
    await replay.close()
  }

  await page.getByRole('button', { name: 'Clear' }).click()
  await page.getByText('No requests yet.').waitFor()
  expect(server.history()).toEqual([])
  await context.close()
})

it('opens a HAR file (mocklib inspect, or "Open HAR"): its requests listed, a recorded body shown', async () => {
  const har = fileURLToPath(new URL('../server/fixtures/recording.har', import.meta.url))
  const inspector = await runInspect([har, '--port', '0'])
  const page = await browser.newPage()
  page.setDefaultTimeout(5_000)
  try {
    await page.goto(inspector.url)
    await page.getByText('recording.har: 1 recorded request').waitFor()
    const row = page.locator('#rows tr', { hasText: '/orders' })
    expect(await row.locator('td').allTextContents()).toEqual([expect.any(String), 'GET', 'https://api.example.com/orders?page=2', '200', '1', '', '', ''])
    await row.click()
    await expect.poll(() => page.locator('#detail pre').last().textContent()).toBe(JSON.stringify([{ order: 'B-2' }], null, 2))
    // The live inspector opens one too, from a file the person picks.
    await page.goto(`${server.url}/__mocklib/`)
    await page.getByText('live').waitFor()
    await page.locator('#open').setInputFiles(har)
    await page.getByText('recording.har: 1 recorded request').waitFor()
  } finally {
    await page.close()
    await inspector.close()
  }
})
