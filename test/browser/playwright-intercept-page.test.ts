// interceptPage() with playwright-core alone: a real Chromium's traffic
// (documents, fetch, XHR, images, WebSockets, EventSource) routed through
// handlers running in this Node process, against a real 127.0.0.1 server
// that answers what no handler takes.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { fromHar, http, HttpResponse, mock, passthrough, sse, ws } from '../../src/api/index.js'
import { interceptPage, type PageNetwork } from '../../src/api/playwright.js'
import { startAppServer, type AppServer } from '../playwright/support/app-server.js'
import { chromiumLaunchOptions } from '../playwright/support/chromium.js'

let app: AppServer
let browser: Browser
let context: BrowserContext
let page: Page
const networks: PageNetwork[] = []

async function intercept(...args: Parameters<typeof interceptPage>): Promise<PageNetwork> {
  const network = await interceptPage(...args)
  networks.push(network)
  return network
}

beforeAll(async () => {
  ;[app, browser] = await Promise.all([startAppServer(), chromiumLaunchOptions().then((options) => chromium.launch(options))])
})
afterAll(async () => {
  await browser?.close()
  await app?.close()
})
beforeEach(async () => {
  context = await browser.newContext()
  page = await context.newPage()
  app.hits.length = 0
})
afterEach(async () => {
  for (const network of networks.splice(0)) await network.dispose()
  await context.close()
})

describe('interceptPage (HTTP)', () => {
  it('answers the page from a relative-path handler; the document and its script reach the real server, unreported under "error"', async () => {
    const network = await intercept(context, {
      handlers: [http.get('/api/posts/:id', ({ params }) => HttpResponse.json({ title: `Post ${params.id}` }))],
      onUnhandledRequest: 'error',
    })
    await page.goto(`${app.origin}/posts/7`)
    await expect.poll(() => page.textContent('#title')).toBe('Post 7')
    expect(app.hits).toEqual(['GET /posts/7', 'GET /app.js'])
    expect(network.unhandledRequests()).toEqual([])
    network.assertNoUnhandledRequests()
  })

  it('answers fetch and XHR with status, headers and body; sees the request body and the browser cookies', async () => {
    await context.addCookies([{ name: 'session', value: 'abc', url: app.origin }])
    await intercept(page, {
      handlers: [
        http.post('/api/echo', async ({ request, cookies }) =>
          HttpResponse.json({ body: await request.text(), session: cookies.session ?? null }, { status: 201, headers: { 'x-mocked': 'yes' } }),
        ),
      ],
    })
    await page.goto(`${app.origin}/blank`)
    const result = await page.evaluate(async () => {
      const response = await fetch('/api/echo', { method: 'POST', body: 'hello' })
      const xhr = await new Promise<string>((resolve) => {
        const request = new XMLHttpRequest()
        request.open('POST', '/api/echo')
        request.onload = () => resolve(`${request.status} ${request.responseText}`)
        request.send('from xhr')
      })
      return { status: response.status, header: response.headers.get('x-mocked'), json: await response.json(), xhr }
    })
    expect(result).toEqual({ status: 201, header: 'yes', json: { body: 'hello', session: 'abc' }, xhr: '201 {"body":"from xhr","session":"abc"}' })
    expect(app.hits).toEqual(['GET /blank'])
  })

  it('answers images, and mocked Set-Cookie headers (several) reach the browser', async () => {
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64')
    await intercept(page, {
      handlers: [
        http.get('/images/:name', () => new HttpResponse(png, { headers: { 'content-type': 'image/png' } })),
        http.get('/api/login', () => {
          const headers = new Headers()
          headers.append('set-cookie', 'a=1; Path=/')
          headers.append('set-cookie', 'b=2; Path=/')
          return new HttpResponse(null, { status: 204, headers })
        }),
      ],
    })
    await page.goto(`${app.origin}/blank`)
    const width = await page.evaluate(
      () =>
        new Promise<number>((resolve, reject) => {
          const image = new Image()
          image.onload = () => resolve(image.naturalWidth)
          image.onerror = () => reject(new Error('the image failed'))
          image.src = '/images/logo.png'
        }),
    )
    expect(width).toBe(1)
    await page.evaluate(() => fetch('/api/login'))
    const cookies = await context.cookies(app.origin)
    expect(cookies.map((cookie) => `${cookie.name}=${cookie.value}`).sort()).toEqual(['a=1', 'b=2'])
  })

  it('an unhandled request under "error" is a network error in the page, and reported', async () => {
    const network = await intercept(page, { handlers: [], onUnhandledRequest: 'error' })
    const errors: string[] = []
    const original = console.error
    console.error = (text: string) => void errors.push(String(text))
    try {
      await page.goto(`${app.origin}/blank`)
      const outcome = await page.evaluate(() => fetch('/real/missing').then((response) => `status ${response.status}`, (error: Error) => error.name))
      expect(outcome).toBe('TypeError')
    } finally {
      console.error = original
    }
    expect(network.unhandledRequests().map((record) => `${record.method} ${new URL(record.url).pathname}`)).toEqual(['GET /real/missing'])
    expect(() => network.assertNoUnhandledRequests()).toThrow(/GET http:\/\/127\.0\.0\.1:\d+\/real\/missing/)
    expect(errors.join('\n')).toMatch(/without a matching request handler/)
    expect(app.hits).toEqual(['GET /blank'])
  })

  it('passthrough(), and unhandled requests under "bypass", reach the real server with the browser\'s cookies', async () => {
    await context.addCookies([{ name: 'token', value: 't1', url: app.origin }])
    await intercept(page, { handlers: [http.get('/real/passed', () => passthrough())], onUnhandledRequest: 'bypass' })
    await page.goto(`${app.origin}/blank`)
    const bodies = await page.evaluate(() => Promise.all(['/real/passed', '/real/unhandled'].map((path) => fetch(path).then((response) => response.json()))))
    expect(bodies).toEqual([
      { source: 'network', method: 'GET', path: '/real/passed', body: '', cookie: 'token=t1' },
      { source: 'network', method: 'GET', path: '/real/unhandled', body: '', cookie: 'token=t1' },
    ])
  })

  it('a mocked redirect is followed by the browser; Playwright does not route its target, which reaches the network', async () => {
    await intercept(page, {
      handlers: [
        http.get('/api/old', () => new HttpResponse(null, { status: 302, headers: { location: '/real/new' } })),
        // Never consulted for the redirect's target: Playwright routes only the first request.
        http.get('/real/new', () => HttpResponse.json({ source: 'handler' })),
      ],
    })
    await page.goto(`${app.origin}/blank`)
    const result = await page.evaluate(async () => {
      const response = await fetch('/api/old')
      return { url: new URL(response.url).pathname, redirected: response.redirected, body: await response.json() }
    })
    expect(result).toMatchObject({ url: '/real/new', redirected: true, body: { source: 'network', path: '/real/new' } })
  })

  it('emits the lifecycle events in msw order; use/resetHandlers/restoreHandlers act on this page only', async () => {
    const network = await intercept(page, { handlers: [http.get('/api/n', () => HttpResponse.text('initial'))], onUnhandledRequest: 'bypass' })
    const other = await browser.newContext()
    const otherPage = await other.newPage()
    await intercept(otherPage, { handlers: [http.get('/api/n', () => HttpResponse.text('other page'))] })
    const events: string[] = []
    for (const name of ['request:start', 'request:match', 'request:unhandled', 'request:end', 'response:mocked', 'response:bypass'] as const) {
      network.events.on(name, () => void events.push(name))
    }
    const read = (target: Page) => target.evaluate(() => fetch('/api/n').then((response) => response.text()))
    await page.goto(`${app.origin}/blank`)
    await otherPage.goto(`${app.origin}/blank`)
    events.length = 0
    expect(await read(page)).toBe('initial')
    await expect.poll(() => events).toEqual(['request:start', 'request:match', 'request:end', 'response:mocked'])
    network.use(http.get('/api/n', () => HttpResponse.text('once'), { once: true }))
    expect([await read(page), await read(page), await read(otherPage)]).toEqual(['once', 'initial', 'other page'])
    network.restoreHandlers()
    expect(await read(page)).toBe('once')
    network.resetHandlers()
    expect(await read(page)).toBe('initial')
    await other.close()
  })

  it('mock builder history: pendingMocks and assertDone', async () => {
    const network = await intercept(page, { handlers: [] })
    network.use(mock.get('/api/user').reply(200, { name: 'Ada' }), mock.post('/api/never').reply(204))
    await page.goto(`${app.origin}/blank`)
    expect(await page.evaluate(() => fetch('/api/user').then((response) => response.json()))).toEqual({ name: 'Ada' })
    expect(network.pendingMocks().map((pending) => pending.description)).toEqual([expect.stringContaining('/api/never')])
    expect(() => network.assertDone()).toThrow(/\/api\/never/)
  })

  it('record() writes what the network answered as HAR; fromHar replays it in a new page without the network', async () => {
    const network = await intercept(page, { handlers: [], onUnhandledRequest: 'bypass' })
    await page.goto(`${app.origin}/blank`)
    const recording = network.record()
    const live = await page.evaluate(() => fetch('/real/recorded', { method: 'POST', body: 'x' }).then((response) => response.json()))
    await recording.settled()
    const har = recording.stop()
    expect(har.log.entries.map((entry) => `${entry.request.method} ${new URL(entry.request.url).pathname} ${entry.response.status}`)).toEqual(['POST /real/recorded 200'])

    const replayPage = await context.newPage()
    await intercept(replayPage, { handlers: fromHar(har), onUnhandledRequest: 'error' })
    await replayPage.goto(`${app.origin}/blank`)
    app.hits.length = 0
    const replayed = await replayPage.evaluate(() => fetch('/real/recorded', { method: 'POST', body: 'x' }).then((response) => response.json()))
    expect(replayed).toEqual(live)
    expect(app.hits).toEqual([])
  })

  it('an sse() handler answers EventSource once its stream ends (route.fulfill takes a whole body)', async () => {
    await intercept(page, {
      handlers: [
        sse('/api/feed', ({ client }) => {
          client.send({ data: 'one' })
          client.send({ event: 'tick', data: 'two' })
          setTimeout(() => client.close(), 20)
        }),
      ],
    })
    await page.goto(`${app.origin}/blank`)
    const events = await page.evaluate(
      () =>
        new Promise<string[]>((resolve) => {
          const seen: string[] = []
          const source = new EventSource('/api/feed')
          source.onmessage = (event) => seen.push(`message ${event.data}`)
          source.addEventListener('tick', (event) => {
            seen.push(`tick ${(event as MessageEvent).data}`)
            source.close()
            resolve(seen)
          })
        }),
    )
    expect(events).toEqual(['message one', 'tick two'])
  })

  it('dispose() stops routing: requests reach the network again', async () => {
    const network = await intercept(page, { handlers: [http.get('/real/x', () => HttpResponse.json({ source: 'handler' }))] })
    await page.goto(`${app.origin}/blank`)
    expect(await page.evaluate(() => fetch('/real/x').then((response) => response.json()))).toEqual({ source: 'handler' })
    await network.dispose()
    expect(await page.evaluate(() => fetch('/real/x').then((response) => response.json()))).toMatchObject({ source: 'network' })
  })
})

describe('interceptPage (WebSocket)', () => {
  const talk = (target: Page, url: string, messages: string[], expected: number) =>
    target.evaluate(
      ({ url, messages, expected }) =>
        new Promise<string[]>((resolve, reject) => {
          const inbox: string[] = []
          const socket = new WebSocket(url)
          const timer = setTimeout(() => reject(new Error(`timed out with ${JSON.stringify(inbox)}`)), 10_000)
          socket.onopen = () => messages.forEach((message) => socket.send(message))
          socket.onmessage = (event) => {
            inbox.push(String(event.data))
            if (inbox.length === expected) {
              clearTimeout(timer)
              socket.close()
              resolve(inbox)
            }
          }
        }),
      { url, messages, expected },
    )

  it('a ws.link handler answers the page socket; history lists the connection', async () => {
    const chat = ws.link('ws://chat.example.test/rooms/:room')
    const network = await intercept(page, {
      handlers: [
        chat.addEventListener('connection', ({ client, params }) => {
          client.send(`welcome to ${params.room}`)
          client.addEventListener('message', (event) => client.send(`echo ${String(event.data)}`))
        }),
      ],
    })
    await page.goto(`${app.origin}/blank`)
    expect(await talk(page, 'ws://chat.example.test/rooms/lobby', ['hi'], 2)).toEqual(['welcome to lobby', 'echo hi'])
    await expect.poll(() => network.webSocketConnections().map((record) => record.url)).toEqual(['ws://chat.example.test/rooms/lobby'])
  })

  it('server.connect() reaches the real server; its messages pass through listeners that can change them', async () => {
    const live = ws.link(`${app.wsOrigin}/live`)
    await intercept(page, {
      handlers: [
        live.addEventListener('connection', ({ client, server }) => {
          server.connect()
          server.addEventListener('message', (event) => {
            event.preventDefault()
            client.send(`patched ${String(event.data)}`)
          })
        }),
      ],
    })
    await page.goto(`${app.origin}/blank`)
    expect(await talk(page, `${app.wsOrigin}/live`, ['ping'], 1)).toEqual(['patched echo:ping'])
  })

  it('an unhandled socket reaches the real server under "bypass", and is closed with 1011 under "error"', async () => {
    await intercept(page, { handlers: [], onUnhandledRequest: 'bypass' })
    await page.goto(`${app.origin}/blank`)
    expect(await talk(page, `${app.wsOrigin}/plain`, ['a'], 1)).toEqual(['echo:a'])

    const strictPage = await context.newPage()
    const original = console.error
    console.error = () => {}
    try {
      const network = await intercept(strictPage, { handlers: [], onUnhandledRequest: 'error' })
      await strictPage.goto(`${app.origin}/blank`)
      const closed = await strictPage.evaluate(
        (url) =>
          new Promise<number>((resolve) => {
            const socket = new WebSocket(url)
            socket.onclose = (event) => resolve(event.code)
          }),
        `${app.wsOrigin}/refused`,
      )
      expect(closed).toBe(1011)
      expect(network.unhandledRequests().map((record) => record.kind)).toEqual(['websocket'])
    } finally {
      console.error = original
    }
  })
})
