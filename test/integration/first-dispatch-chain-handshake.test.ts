// Issue 23 item 6, Node's cold start: what answers an undici dispatch (dispatch-answering.ts), what asks several
// listening servers in turn (runtime-chain.ts) and what answers a WebSocket handshake made with fetch
// (websocket-fetch-handshake.ts) are loaded by the first call that needs them, not with mocklib/node. Every test
// imports mocklib afresh (vi.resetModules), so the call it makes right after listen(), in the same tick, is the
// one that loads the code; the same call follows with the code loaded, and both must end alike.
import { request as undiciRequest } from 'undici'
import { afterEach, expect, it, vi } from 'vitest'
import { failOnUnhandledRejection, useLocalServer } from './support/harness.js'

failOnUnhandledRejection()
const real = useLocalServer()

// Under the socket project global fetch and undici are left to the socket layer (no dispatcher, no fetch patch):
// the same calls must still end alike there; only the fetch handshake needs the patched fetch.
const fetchPatched = process.env.MOCKLIB_FETCH_LAYER !== 'socket'

const closes: Array<() => void> = []
afterEach(() => {
  for (const close of closes.splice(0).reverse()) close()
})

/** A fresh mocklib and its exports, nothing listening yet. */
async function freshMocklib() {
  vi.resetModules()
  const mocklib = await import('mocklib')
  const { setupServer } = await import('mocklib/node')
  return { ...mocklib, setupServer }
}

/** A fresh mocklib with one server listening: an echo, a gzip body, a redirect, and one that passes through. */
async function listenFresh() {
  const { http, ws, HttpResponse, passthrough, setupServer } = await freshMocklib()
  const server = setupServer(
    http.all('https://api.example.test/echo', async ({ request }) => HttpResponse.json({ method: request.method, body: await request.text(), marker: request.headers.get('x-marker') })),
    http.get('https://api.example.test/moved', () => new HttpResponse(null, { status: 302, headers: { location: 'https://api.example.test/echo' } })),
    http.get(`${real.origin}/through`, () => passthrough()),
    ws.link('wss://chat.example.test/').addEventListener('connection', () => {}),
  )
  server.listen({ onUnhandledRequest: 'error' })
  closes.push(() => server.close())
}

async function undiciOutcome(url: string, init: Parameters<typeof undiciRequest>[1] = {}) {
  try {
    const response = await undiciRequest(url, init)
    return { status: response.statusCode, body: await response.body.text() }
  } catch (error) {
    return { rejected: (error as Error).name }
  }
}

it('the first undici request, made in the tick of listen(), is answered like the next', async () => {
  await listenFresh()
  const post = () => undiciOutcome('https://api.example.test/echo', { method: 'POST', body: 'first', headers: { 'x-marker': 'undici' } })
  const first = await post()
  expect(first).toEqual({ status: 200, body: JSON.stringify({ method: 'POST', body: 'first', marker: 'undici' }) })
  expect(await post()).toEqual(first)
})

it('concurrent first undici requests are each answered, in the tick of listen()', async () => {
  await listenFresh()
  const bodies = ['a', 'b', 'c']
  const outcomes = await Promise.all(bodies.map((body) => undiciOutcome('https://api.example.test/echo', { method: 'PUT', body })))
  expect(outcomes).toEqual(bodies.map((body) => ({ status: 200, body: JSON.stringify({ method: 'PUT', body, marker: null }) })))
})

it('the first undici request aborted in the tick it was made rejects like the next', async () => {
  await listenFresh()
  const aborted = () => {
    const controller = new AbortController()
    const call = undiciOutcome('https://api.example.test/echo', { signal: controller.signal })
    controller.abort()
    return call
  }
  const first = await aborted()
  expect(first).toEqual({ rejected: 'AbortError' })
  expect(await aborted()).toEqual(first)
})

it('the first undici passthrough reaches the real 127.0.0.1 server like the next', async () => {
  await listenFresh()
  const through = () => undiciOutcome(`${real.origin}/through`)
  const first = await through()
  expect(first).toEqual({ status: 200, body: 'real GET /through' })
  expect(await through()).toEqual(first)
})

it('the first fetch of a mocked redirect (followed by undici when fetch is patched) ends like the next', async () => {
  await listenFresh()
  const followed = async () => {
    const response = await fetch('https://api.example.test/moved')
    return { status: response.status, redirected: response.redirected, url: response.url, body: await response.json() }
  }
  const first = await followed()
  expect(first).toEqual({ status: 200, redirected: true, url: 'https://api.example.test/echo', body: { method: 'GET', body: '', marker: null } })
  expect(await followed()).toEqual(first)
})

/** Two listening servers: the newer one answers /newer and falls through on /older, which the older one answers. */
async function listenTwoFresh() {
  const { http, ws, HttpResponse, setupServer } = await freshMocklib()
  const older = setupServer(
    http.get('https://api.example.test/older', () => HttpResponse.text('from the older server')),
    ws.link('wss://older.example.test/').addEventListener('connection', ({ client }) => client.send('older took it')),
  )
  const newer = setupServer(
    http.get('https://api.example.test/newer', () => HttpResponse.text('from the newer server')),
    http.get('https://api.example.test/older', () => undefined),
  )
  older.listen({ onUnhandledRequest: 'error' })
  closes.push(() => older.close())
  newer.listen({ onUnhandledRequest: 'error' })
  closes.push(() => newer.close())
}

async function fetchOutcome(url: string) {
  try {
    const response = await fetch(url)
    return { status: response.status, body: await response.text() }
  } catch (error) {
    return { rejected: (error as Error).name }
  }
}

it('with two servers, the first request, in the tick of the second listen(), goes through both like the next', async () => {
  await listenTwoFresh()
  const first = await fetchOutcome('https://api.example.test/older')
  expect(first).toEqual({ status: 200, body: 'from the older server' })
  expect(await fetchOutcome('https://api.example.test/older')).toEqual(first)
})

it('with two servers, concurrent first requests are each answered by the right one', async () => {
  await listenTwoFresh()
  // The unhandled one is reported on the console (the error policy): kept out of the test's output.
  const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
  const outcomes = await Promise.all(['newer', 'older', 'nobody', 'newer'].map((path) => fetchOutcome(`https://api.example.test/${path}`))).finally(() => errors.mockRestore())
  expect(outcomes).toEqual([
    { status: 200, body: 'from the newer server' },
    { status: 200, body: 'from the older server' },
    { rejected: 'TypeError' },
    { status: 200, body: 'from the newer server' },
  ])
})

it('with two servers, the first WebSocket connection is offered to both like the next', async () => {
  await listenTwoFresh()
  const talk = () =>
    new Promise<string[]>((resolve) => {
      const events: string[] = []
      const socket = new WebSocket('wss://older.example.test/')
      socket.onopen = () => events.push('open')
      socket.onmessage = (event) => {
        events.push(`message ${String(event.data)}`)
        socket.close(1000)
      }
      socket.onclose = (event) => resolve([...events, `close ${event.code}`])
    })
  const first = await talk()
  expect(first).toEqual(['open', 'message older took it', 'close 1000'])
  expect(await talk()).toEqual(first)
})

const handshakeHeaders = { upgrade: 'websocket', connection: 'upgrade', 'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==', 'sec-websocket-version': '13' }

it.runIf(fetchPatched)('concurrent first WebSocket handshakes made with fetch are each answered 101', async () => {
  await listenFresh()
  const handshake = async () => {
    const response = await fetch('https://chat.example.test/', { headers: handshakeHeaders })
    return { status: response.status, accept: response.headers.get('sec-websocket-accept') }
  }
  const outcomes = await Promise.all([handshake(), handshake(), handshake()])
  expect(outcomes).toEqual(Array(3).fill({ status: 101, accept: 's3pPLMBiTxaQ9kYGzzhZRbK+xOo=' }))
  expect(await handshake()).toEqual(outcomes[0])
})

it.runIf(fetchPatched)('the first fetch handshake no WebSocket handler takes goes on as HTTP like the next', async () => {
  await listenFresh()
  const handshake = async () => {
    const response = await fetch('https://api.example.test/echo', { headers: { ...handshakeHeaders, 'x-marker': 'upgrade' } })
    return { status: response.status, body: await response.json() }
  }
  const first = await handshake()
  expect(first).toEqual({ status: 200, body: { method: 'GET', body: '', marker: 'upgrade' } })
  expect(await handshake()).toEqual(first)
})
