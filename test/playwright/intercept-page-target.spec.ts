// interceptPage() on a Page (not its context): what the stream relay and the
// header reading need is found through `page.context()`.
import { test as base, expect } from '@playwright/test'
import { http, HttpResponse, sse } from '../../src/api/index.js'
import { interceptPage } from '../../src/api/playwright.js'
import { startAppServer, type AppServer } from './support/app-server.js'

const test = base.extend<object, { app: AppServer }>({
  app: [
    async ({}, use) => {
      const app = await startAppServer()
      await use(app)
      await app.close()
    },
    { scope: 'worker' },
  ],
})

test('a page target streams SSE to its mocked loopback document and hands cookies to handlers', async ({ page, context, app }) => {
  await context.addCookies([{ name: 'who', value: 'ada', url: app.origin }])
  const network = await interceptPage(page, {
    onUnhandledRequest: 'error',
    handlers: [
      http.get('/mocked', () => HttpResponse.html('<p>mocked</p>')),
      http.get('/api/me', ({ cookies }) => HttpResponse.json({ name: cookies.who })),
      sse('/api/live', ({ client }) => client.send({ data: 'live' })),
    ],
  })
  try {
    await page.goto(`${app.origin}/mocked`)
    expect(await page.evaluate(() => fetch('/api/me').then((response) => response.json()))).toEqual({ name: 'ada' })
    const first = await page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          const source = new EventSource('/api/live')
          source.onmessage = (event) => (source.close(), resolve(event.data as string))
          setTimeout(() => (source.close(), resolve('nothing within 5 s')), 5000)
        }),
    )
    expect(first).toBe('live')
  } finally {
    await network.dispose()
  }
})
