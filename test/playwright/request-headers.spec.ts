// In Chromium the routed request's headers are read at once (no round trip to
// Playwright before the handlers see the request): they must still be all the
// page sent, cookies of every kind included.
import { http, HttpResponse } from '../../src/api/index.js'
import { expect, test } from './support/fixtures.js'

test('a handler sees every header the page sent: context cookies, document.cookie, HttpOnly cookies, its own headers', async ({ page, network, context, app }) => {
  let seen: Record<string, string> = {}
  network.use(
    http.get('/api/login', () => new HttpResponse('ok', { headers: { 'set-cookie': 'session=s1; Path=/; HttpOnly' } })),
    http.get('/api/headers', ({ request }) => {
      seen = Object.fromEntries(request.headers)
      return HttpResponse.json({})
    }),
  )
  await context.addCookies([{ name: 'fromContext', value: '1', url: app.origin }])
  await page.goto('/blank')
  await page.evaluate(() => fetch('/api/login').then((response) => response.text()))
  await page.evaluate(() => {
    document.cookie = 'fromPage=2'
  })
  await page.evaluate(() => fetch('/api/headers', { headers: { 'x-trace': 't-1' } }).then((response) => response.json()))
  expect(seen.cookie?.split('; ').sort()).toEqual(['fromContext=1', 'fromPage=2', 'session=s1'])
  expect(seen['x-trace']).toBe('t-1')
  expect(seen.referer).toBe(`${app.origin}/blank`)
  expect(seen['user-agent']).toMatch(/Chrom/)
})

test('a request the page makes while loading reaches the mock before the test reads its history', async ({ page, network }) => {
  const seen: string[] = []
  network.events.on('request:match', ({ request }) => seen.push(new URL(request.url).pathname))
  await page.goto('/posts/4')
  await expect(page.locator('#title')).toHaveText('Post 4')
  expect(seen).toContain('/api/posts/4')
  network.assertDone()
})
