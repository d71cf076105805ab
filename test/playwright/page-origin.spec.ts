// A relative handler path resolves against the URL of the page that made the
// request, as msw does in a browser: `http.get('/api/x')` answers the page's
// own origin, and the same path on another origin falls to the next handler.
// Every origin here is served by the handlers themselves (Playwright routes a
// request before any DNS lookup or TLS handshake), in the real Chromium.
import type { Page } from '@playwright/test'
import { http, HttpResponse } from '../../src/api/index.js'
import { expect, test } from './support/fixtures.js'

const SHOP = 'https://shop.example.test'
const ADMIN = 'https://admin.example.test'
const API = 'https://api.example.test'

const html = (body: string) => HttpResponse.html(`<!doctype html><html><body>${body}</body></html>`)
const script = (source: string) => new HttpResponse(source, { headers: { 'content-type': 'text/javascript' } })

/** Who answered `/api/who`: the relative handler, or the one for that path on any origin. */
const whoHandlers = [
  http.get('/api/who', () => HttpResponse.text('relative')),
  http.get('*/api/who', () => HttpResponse.text('any origin')),
]

/** The texts of `urls`, fetched by the page in parallel. */
const fetchTexts = (page: Pick<Page, 'evaluate'>, urls: string[]) => page.evaluate((list) => Promise.all(list.map((url) => fetch(url).then((response) => response.text()))), urls)

test('a relative path answers the page origin; the same path on another origin falls to the next (absolute) handler', async ({ page, network }) => {
  network.use(
    http.get(`${SHOP}/`, () => html('<p>shop</p>')),
    http.get('/api/x', () => HttpResponse.text('relative')),
    http.get(`${API}/api/x`, () => HttpResponse.text('absolute')),
  )
  await page.goto(`${SHOP}/`)
  expect(await fetchTexts(page, ['/api/x', `${SHOP}/api/x`, `${API}/api/x`])).toEqual(['relative', 'relative', 'absolute'])
  expect(network.unhandledRequests()).toEqual([])
})

test('a document loaded by page.goto() is its own base: a relative handler serves it on any origin, whatever page was there before', async ({ page, network }) => {
  network.use(http.get('/', ({ request }) => html(`<p id="host">${new URL(request.url).host}</p>`)))
  await page.goto(`${SHOP}/`)
  await expect(page.locator('#host')).toHaveText('shop.example.test')
  // The frame still shows the shop page when the admin document is requested.
  await page.goto(`${ADMIN}/`)
  await expect(page.locator('#host')).toHaveText('admin.example.test')
})

test('each page of one context resolves against its own origin', async ({ page, context, network }) => {
  network.use(http.get('/', () => html('<p>home</p>')), ...whoHandlers)
  const admin = await context.newPage()
  await Promise.all([page.goto(`${SHOP}/`), admin.goto(`${ADMIN}/`)])
  // The same URL, asked at the same time by both pages: relative for the admin page only.
  const [fromShop, fromAdmin] = await Promise.all([fetchTexts(page, [`${ADMIN}/api/who`, '/api/who']), fetchTexts(admin, [`${ADMIN}/api/who`, `${SHOP}/api/who`])])
  expect(fromShop).toEqual(['any origin', 'relative'])
  expect(fromAdmin).toEqual(['relative', 'any origin'])
})

test("an iframe resolves against its own URL; an about:blank iframe against its parent's", async ({ page, network }) => {
  network.use(
    http.get(`${SHOP}/`, () => html(`<iframe src="${ADMIN}/frame"></iframe>`)),
    // The iframe's document: a navigation, answered on its own origin.
    http.get('/frame', () => html('<p>framed</p>')),
    ...whoHandlers,
  )
  await page.goto(`${SHOP}/`)
  const framed = page.frame({ url: `${ADMIN}/frame` })
  expect(framed).not.toBeNull()
  expect(await fetchTexts(framed!, ['/api/who', `${SHOP}/api/who`])).toEqual(['relative', 'any origin'])

  const fromBlankFrame = await page.evaluate((urls) => {
    const blank = document.createElement('iframe')
    document.body.append(blank)
    const inside = blank.contentWindow as Window & typeof globalThis
    return Promise.all(urls.map((url) => inside.fetch(url).then((response) => response.text())))
  }, [`${SHOP}/api/who`, `${ADMIN}/api/who`])
  expect(fromBlankFrame).toEqual(['relative', 'any origin'])
})

test("a dedicated worker's requests resolve against its page", async ({ page, network }) => {
  network.use(
    http.get(`${SHOP}/`, () => html('<p>shop</p>')),
    http.get('/worker.js', () =>
      script(`onmessage = async (event) => {
        postMessage(await Promise.all(event.data.map((url) => fetch(url).then((response) => response.text(), (error) => error.name))))
      }`),
    ),
    ...whoHandlers,
  )
  await page.goto(`${SHOP}/`)
  const answers = await page.evaluate(
    (urls) =>
      new Promise<string[]>((resolve) => {
        const worker = new Worker('/worker.js')
        worker.onmessage = (event) => resolve(event.data as string[])
        worker.onerror = (event) => resolve([`worker error: ${event.message}`])
        worker.postMessage(urls)
      }),
    ['/api/who', `${ADMIN}/api/who`],
  )
  expect(answers).toEqual(['relative', 'any origin'])
})

test("a Service Worker's requests (which have no frame) resolve against the worker's origin", async ({ page, network }) => {
  network.use(
    http.get(`${SHOP}/`, () => html('<p>shop</p>')),
    http.get('/sw.js', () =>
      script(`addEventListener('message', async (event) => {
        const texts = await Promise.all(event.data.map((url) => fetch(url).then((response) => response.text())))
        event.source.postMessage(texts)
      })`),
    ),
    ...whoHandlers,
  )
  await page.goto(`${SHOP}/`)
  const answers = await page.evaluate(async (urls) => {
    await navigator.serviceWorker.register('/sw.js')
    const registration = await navigator.serviceWorker.ready
    return new Promise<string[]>((resolve) => {
      navigator.serviceWorker.onmessage = (event) => resolve(event.data as string[])
      registration.active!.postMessage(urls)
    })
  }, ['/api/who', `${ADMIN}/api/who`])
  expect(answers).toEqual(['relative', 'any origin'])
})

test('a page with no URL to resolve against (page.setContent on about:blank) keeps the Node rule: a relative path on any origin', async ({ page, network }) => {
  network.use(...whoHandlers)
  await page.setContent('<p>no URL</p>')
  expect(await fetchTexts(page, [`${API}/api/who`])).toEqual(['relative'])
})
