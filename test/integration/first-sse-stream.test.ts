// Issue 23 item 6: what an sse() handler runs for a stream it answers (the stream and its two ends, the
// resolver's run: stream-answering.ts) loads with the first event-stream request, and what reads the real
// stream behind `server.connect()` (real-stream-reading.ts, with the event-stream parser) with the first
// connect, not with `import 'mocklib'`. Every test imports mocklib afresh (vi.resetModules), so the first
// requests it sends, in the tick of listen(), are the ones that wait for that code; the same requests
// follow with it loaded, and both must end alike: same frames in the same order through every client,
// concurrent first streams, a plain GET that falls through, a resolver that rejects, and a real stream
// forwarded (and filtered) from a 127.0.0.1 server.
import { createServer, type Server } from 'node:http'
import { EventSource as UndiciEventSource } from 'undici'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { clients } from './support/clients.js'
import { closeServerAfterEach, failOnUnhandledRejection } from './support/harness.js'

failOnUnhandledRejection()

const closeAfterTest = closeServerAfterEach()

const API = 'http://events.example.test'
const streamHeaders = { accept: 'text/event-stream' }

/** A fresh mocklib (no stream code loaded yet), listening with `handlers(mocklib)`. */
async function listenFresh(handlers: (mocklib: typeof import('mocklib')) => import('mocklib').HttpHandler[]) {
  vi.resetModules()
  const mocklib = await import('mocklib')
  const { setupServer } = await import('mocklib/node')
  const server = setupServer(...handlers(mocklib))
  server.listen({ onUnhandledRequest: 'error' })
  closeAfterTest(server)
  return server
}

/** A feed that sends before and after an `await`, then closes; a plain GET of its URL gets JSON. */
const feed = ({ sse, http, HttpResponse }: typeof import('mocklib')) => [
  sse(`${API}/feed/:topic`, async ({ client, params }) => {
    client.send({ data: `hello ${params.topic}` })
    client.send({ event: 'tick', id: '1', data: { n: 1 } })
    await new Promise((resolve) => setTimeout(resolve, 2))
    client.send({ data: 'after await\nsecond line' })
    client.close()
  }),
  http.get(`${API}/feed/:topic`, () => HttpResponse.json({ plain: true })),
]

// Through the socket layer alone, a mocked body that errors reaches fetch as a body that ends (already
// so before this change; first and next requests agree either way).
const erroredEnd = process.env.MOCKLIB_FETCH_LAYER === 'socket' ? '(ended)' : '(errored)'

const framesOf = (topic: string) => `data:hello ${topic}\n\nid:1\nevent:tick\ndata:{"n":1}\n\ndata:after await\ndata:second line\n\n`

it.each(clients)('the first event stream read with %s, in the tick of listen(), has the frames of the next', async (_name, client) => {
  await listenFresh(feed)
  const read = async () => {
    const reply = await client(`${API}/feed/news`, { headers: streamHeaders })
    return { status: reply.status, type: reply.headers['content-type'], body: reply.body }
  }
  const first = await read()
  expect(first).toEqual({ status: 200, type: 'text/event-stream', body: framesOf('news') })
  expect(await read()).toEqual(first)
})

it('concurrent first event streams, and a plain GET among them, are answered like the next ones', async () => {
  await listenFresh(feed)
  const round = () =>
    Promise.all([
      fetch(`${API}/feed/a`, { headers: streamHeaders }).then((response) => response.text()),
      fetch(`${API}/feed/plain`).then((response) => response.text()),
      fetch(`${API}/feed/b`, { headers: streamHeaders }).then((response) => response.text()),
    ])
  const first = await round()
  expect(first).toEqual([framesOf('a'), '{"plain":true}', framesOf('b')])
  expect(await round()).toEqual(first)
})

it("the first stream of undici's EventSource gets the events of the next", async () => {
  await listenFresh(feed)
  const listen = () =>
    new Promise<string[]>((resolve, reject) => {
      const source = new UndiciEventSource(`${API}/feed/live`)
      const events: string[] = []
      const done = (list: string[]) => {
        source.close()
        resolve(list)
      }
      source.addEventListener('message', (event) => {
        events.push(`message ${event.data} ${event.lastEventId}`)
        if (events.length === 3) done(events)
      })
      source.addEventListener('tick', (event) => events.push(`tick ${(event as MessageEvent).data} ${(event as MessageEvent).lastEventId}`))
      source.onerror = () => reject(new Error(`errored after ${JSON.stringify(events)}`))
    })
  const first = await listen()
  expect(first).toEqual(['message hello live ', 'tick {"n":1} 1', 'message after await\nsecond line 1'])
  expect(await listen()).toEqual(first)
})

it('the first stream whose resolver rejects after sending is errored and reported like the next', async () => {
  const printed = vi.spyOn(console, 'error').mockImplementation(() => {})
  try {
    const server = await listenFresh(({ sse }) => [
      sse(`${API}/broken`, async ({ client }) => {
        client.send({ data: 'before' })
        await new Promise((resolve) => setTimeout(resolve, 2))
        throw new Error('resolver failed')
      }),
    ])
    const reported: string[] = []
    server.events.on('unhandledException', ({ error }) => reported.push(error.message))
    const read = async () => {
      const response = await fetch(`${API}/broken`, { headers: streamHeaders })
      const reader = response.body!.getReader()
      const chunks: string[] = []
      try {
        for (;;) {
          const { done, value } = await reader.read()
          if (done) break
          chunks.push(new TextDecoder().decode(value))
        }
        chunks.push('(ended)')
      } catch {
        chunks.push('(errored)')
      }
      return { status: response.status, chunks, reported: reported.splice(0) }
    }
    const first = await read()
    expect(first).toEqual({ status: 200, chunks: ['data:before\n\n', erroredEnd], reported: ['resolver failed'] })
    expect(await read()).toEqual(first)
  } finally {
    printed.mockRestore()
  }
})

let real: Server | undefined
let realOrigin = ''
beforeAll(async () => {
  // A real event stream: three events (one the handler hides, one it patches), then the end.
  real = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' })
    response.end('data:real one\n\nevent:secret\ndata:hidden\n\nid:9\ndata:real two\n\n')
  })
  await new Promise<void>((resolve) => real!.listen(0, '127.0.0.1', resolve))
  realOrigin = `http://127.0.0.1:${(real.address() as { port: number }).port}`
})
afterAll(async () => {
  await new Promise<void>((resolve) => real?.close(() => resolve()))
})

it("the first server.connect() forwards the real 127.0.0.1 stream, minus what a listener prevented, like the next", async () => {
  await listenFresh(({ sse }) => [
    sse(`${realOrigin}/stream`, ({ client, server }) => {
      client.send({ data: 'mocked first' })
      const source = server.connect()
      const seen: string[] = []
      source.addEventListener('open', () => seen.push(`open ${source.readyState}`))
      source.addEventListener('secret', (event) => event.preventDefault())
      source.addEventListener('message', (event) => {
        seen.push(`real ${(event as MessageEvent).data}`)
        if ((event as MessageEvent).data === 'real two') {
          event.preventDefault()
          client.send({ id: '9', data: `patched two after ${seen.join(', ')}` })
        }
      })
      // The real stream ends: its `error` is forwarded, which errors the mocked stream.
    }),
  ])
  const read = async () => {
    const response = await fetch(`${realOrigin}/stream`, { headers: streamHeaders })
    const reader = response.body!.getReader()
    let text = ''
    try {
      for (;;) {
        const { done, value } = await reader.read()
        if (done) break
        text += new TextDecoder().decode(value)
      }
      text += '(ended)'
    } catch {
      text += '(errored)'
    }
    return text
  }
  const first = await read()
  expect(first).toBe(
    `data:mocked first\n\ndata:real one\n\nid:9\ndata:patched two after open 1, real real one, real real two\n\n${erroredEnd}`,
  )
  expect(await read()).toEqual(first)
})

it('a request aborted before its stream is answered gets a closed stream, the first time as the next', async () => {
  vi.resetModules()
  const { sse } = await import('mocklib')
  const seen: Array<{ open: boolean; aborted: boolean }> = []
  const handler = sse(`${API}/late`, ({ client, request }) => {
    seen.push({ open: client.isOpen, aborted: request.signal.aborted })
    client.send({ data: 'never read' })
  })
  const answer = async () => {
    // An aborted request reaches the resolver when it runs late, as a first stream does while its code loads.
    const request = new Request(`${API}/late`, { headers: streamHeaders, signal: AbortSignal.abort() })
    const result = await handler.run({ request, requestId: crypto.randomUUID() })
    const reader = result!.response!.body!.getReader()
    const { done } = await reader.read()
    return done
  }
  expect(await answer()).toBe(true)
  expect(await answer()).toBe(true)
  expect(seen).toEqual([
    { open: false, aborted: true },
    { open: false, aborted: true },
  ])
})
