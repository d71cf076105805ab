// A mocked event stream reaches the page as it is sent, not when it ends:
// `route.fulfill()` takes a whole body, so an SSE answer is relayed instead.
import { http, HttpResponse, sse } from '../../src/api/index.js'
import type { Page } from '@playwright/test'
import { expect, test } from './support/fixtures.js'

/** The first message an EventSource on `url` receives within 5 s. */
function firstEvent(page: Page, url: string): Promise<string> {
  return page.evaluate(
    (url) =>
      new Promise<string>((resolve) => {
        const source = new EventSource(url)
        source.onmessage = (event) => (source.close(), resolve(event.data as string))
        setTimeout(() => (source.close(), resolve('nothing within 5 s')), 5000)
      }),
    url,
  )
}

test('an sse handler that never closes its stream streams events to an EventSource', async ({ page, network }) => {
  network.use(
    sse<{ message: { n: number }; custom: string }>('/api/stream', ({ client }) => {
      client.send({ data: { n: 1 } })
      client.send({ event: 'custom', data: 'two' })
      setTimeout(() => client.send({ data: { n: 3 } }), 100)
    }),
  )
  await page.goto('/blank')
  const received = await page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const events: string[] = []
        const source = new EventSource('/api/stream')
        const done = () => (source.close(), resolve(events))
        source.onmessage = (event) => {
          events.push(event.data as string)
          if (events.length === 3) done()
        }
        source.addEventListener('custom', (event) => events.push(`custom:${(event as MessageEvent<string>).data}`))
        setTimeout(done, 5000)
      }),
  )
  expect(received).toEqual(['{"n":1}', 'custom:two', '{"n":3}'])
})

test('the first event reaches a fetch reader while the stream is still open', async ({ page, network }) => {
  network.use(
    sse('/api/stream', ({ client }) => {
      client.send({ data: 'first' })
      setTimeout(() => client.close(), 3000)
    }),
  )
  await page.goto('/blank')
  const first = await page.evaluate(async () => {
    const started = performance.now()
    const response = await fetch('/api/stream', { headers: { accept: 'text/event-stream' } })
    const { value } = await response.body!.getReader().read()
    return { text: new TextDecoder().decode(value), ms: performance.now() - started, type: response.headers.get('content-type') }
  })
  expect(first.text).toMatch(/^data: ?first\n\n$/)
  expect(first.type).toBe('text/event-stream')
  expect(first.ms).toBeLessThan(2000)
})

test('closing the EventSource aborts the handler request signal', async ({ page, network }) => {
  let aborted: () => void = () => undefined
  const abortSeen = new Promise<void>((resolve) => (aborted = resolve))
  network.use(
    sse('/api/stream', ({ client, request }) => {
      client.send({ data: 'open' })
      request.signal.addEventListener('abort', () => aborted())
    }),
  )
  await page.goto('/blank')
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const source = new EventSource('/api/stream')
        source.onmessage = () => (source.close(), resolve())
      }),
  )
  await expect(abortSeen).resolves.toBeUndefined()
})

test('a streamed answer keeps its status, headers and cookies, and is not reported as unhandled', async ({ page, network }) => {
  network.use(
    http.get('/api/feed', () => {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('data: hello\n\n'))
        },
      })
      return new HttpResponse(body, { status: 200, headers: [['content-type', 'text/event-stream'], ['x-feed', 'yes'], ['set-cookie', 'feed=1; Path=/']] })
    }),
  )
  await page.goto('/blank')
  const seen = await page.evaluate(async () => {
    const response = await fetch('/api/feed')
    const { value } = await response.body!.getReader().read()
    return { status: response.status, header: response.headers.get('x-feed'), text: new TextDecoder().decode(value), cookie: document.cookie }
  })
  expect(seen).toEqual({ status: 200, header: 'yes', text: 'data: hello\n\n', cookie: 'feed=1' })
  expect(network.unhandledRequests()).toEqual([])
})

test('a cross-origin stream gets the same CORS treatment as a whole answer', async ({ page, network, app }) => {
  const other = app.origin.replace('127.0.0.1', 'localhost')
  network.use(sse(`${other}/api/stream`, ({ client }) => client.send({ data: 'across' })))
  await page.goto('/blank')
  const first = await page.evaluate(
    (url) =>
      new Promise<string>((resolve) => {
        const source = new EventSource(url)
        source.onmessage = (event) => (source.close(), resolve(event.data as string))
        source.onerror = () => (source.close(), resolve('error'))
      }),
    `${other}/api/stream`,
  )
  expect(first).toBe('across')
})

// Chromium counts a document Playwright fulfilled as public: the relay is
// reached only once the context grants the page's loopback origin Local Network Access.
test('a mocked document on the loopback origin gets its stream as it is sent', async ({ page, network, app }) => {
  network.use(
    http.get('/mocked-app', () => HttpResponse.html('<p>mocked app</p>')),
    sse('/api/stream', ({ client }) => client.send({ data: 'streamed' })),
  )
  await page.goto(`${app.origin}/mocked-app`)
  expect(await firstEvent(page, '/api/stream')).toBe('streamed')
})

test('while a recording fulfils the documents it reads, a stream still flows as it is sent', async ({ page, network }) => {
  const recording = network.record({ include: 'all' })
  network.use(sse('/api/stream', ({ client }) => client.send({ data: 'recorded' })))
  await page.goto('/blank')
  expect(await firstEvent(page, '/api/stream')).toBe('recorded')
  recording.stop()
})

// Chromium keeps a page on a public host from reaching the loopback relay over
// plain HTTP (Private Network Access): such a page gets the stream whole, once it ends.
test('a page on a non-loopback host still gets a stream that ends', async ({ page, network }) => {
  network.use(
    http.get('http://app.example.test/', () => HttpResponse.html('<p>mocked app</p>')),
    sse('http://app.example.test/api/stream', ({ client }) => {
      client.send({ data: 'whole' })
      client.close()
    }),
  )
  await page.goto('http://app.example.test/')
  const first = await page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const source = new EventSource('/api/stream')
        source.onmessage = (event) => (source.close(), resolve(event.data as string))
        setTimeout(() => (source.close(), resolve('nothing within 5 s')), 5000)
      }),
  )
  expect(first).toBe('whole')
})
