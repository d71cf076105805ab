// Issue 23 item 6: the handlers' end of a mocked global WebSocket and the real server end behind it
// (websocket-socket-client.ts, websocket-bridge-ends.ts) are loaded by the first `new WebSocket()` made while a
// server listens. Every test imports mocklib afresh (vi.resetModules), so the socket it makes right after
// listen(), in the same tick, is the one that loads them; the same socket follows with them loaded, and both
// must end alike (same events, in the same order).
import { expect, it, vi } from 'vitest'
import { WebSocketServer } from 'ws'
import { closeServerAfterEach, failOnUnhandledRejection } from './support/harness.js'

failOnUnhandledRejection()

const closeAfterTest = closeServerAfterEach()

// Under the socket project global fetch is undici's own: a fetch handshake is plain HTTP there.
const fetchPatched = process.env.MOCKLIB_FETCH_LAYER !== 'socket'

/** A fresh mocklib, listening: an echo link that greets first, and a link whose handler joins the real server at `realUrl`. */
async function listenFresh(realUrl = 'ws://127.0.0.1:9/') {
  vi.resetModules()
  const { ws } = await import('mocklib')
  const { setupServer } = await import('mocklib/node')
  const echo = ws.link('wss://echo.example.test')
  const relay = ws.link(realUrl)
  const server = setupServer(
    echo.addEventListener('connection', ({ client }) => {
      client.send('hello')
      client.addEventListener('message', (event) => client.send(`echo ${String(event.data)}`))
    }),
    relay.addEventListener('connection', ({ server: real }) => real.connect()),
  )
  server.listen({ onUnhandledRequest: 'error' })
  closeAfterTest(server)
  return realUrl
}

/** Opens a global WebSocket to `url` and records its events; `act` runs right after the constructor. */
function socketEvents(url: string, act: (socket: WebSocket) => void = () => {}, onOpen: (socket: WebSocket) => void = () => {}): Promise<string[]> {
  return new Promise((resolve) => {
    const events: string[] = []
    const socket = new WebSocket(url)
    socket.onopen = () => {
      events.push(`open ${socket.readyState}`)
      onOpen(socket)
    }
    socket.onmessage = (event) => {
      events.push(`message ${String(event.data)}`)
      if (String(event.data).startsWith('echo ')) socket.close(1000, 'done')
    }
    socket.onerror = () => events.push(`error ${socket.readyState}`)
    socket.onclose = (event) => resolve([...events, `close ${event.code} ${event.wasClean} ${socket.readyState}`])
    act(socket)
  })
}

it('the first socket, made in the tick of listen(), hears the handler first and is echoed like the next', async () => {
  await listenFresh()
  const talk = () => socketEvents('wss://echo.example.test', () => {}, (socket) => socket.send('hi'))
  const first = await talk()
  expect(first).toEqual(['open 1', 'message hello', 'message echo hi', 'close 1000 true 3'])
  expect(await talk()).toEqual(first)
})

it('the first socket closed in the tick it was made fails as the next one does', async () => {
  await listenFresh()
  const closedAtOnce = () => socketEvents('wss://echo.example.test', (socket) => socket.close())
  const first = await closedAtOnce()
  expect(first).toEqual(['error 2', 'close 1006 false 3'])
  expect(await closedAtOnce()).toEqual(first)
})

it('the first socket sent to while connecting throws as the next one does, and still opens', async () => {
  await listenFresh()
  const early = () => {
    let thrown = ''
    const events = socketEvents(
      'wss://echo.example.test',
      (socket) => {
        try {
          socket.send('too early')
        } catch (error) {
          thrown = (error as DOMException).name
        }
      },
      (socket) => socket.send('now'),
    )
    return events.then((list) => [thrown, ...list])
  }
  const first = await early()
  expect(first).toEqual(['InvalidStateError', 'open 1', 'message hello', 'message echo now', 'close 1000 true 3'])
  expect(await early()).toEqual(first)
})

it('the first socket no handler takes is refused under the error policy as the next one is (error, then open with no server, as msw 2.15)', async () => {
  await listenFresh()
  const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
  try {
    const unhandled = () => socketEvents('wss://nobody.example.test', () => {}, (socket) => socket.close(1000, 'done'))
    const first = await unhandled()
    expect(first).toEqual(['error 0', 'open 1', 'close 1000 true 3'])
    expect(await unhandled()).toEqual(first)
  } finally {
    errors.mockRestore()
  }
})

it('the first socket a handler joins to a real server (server.connect()) talks to it like the next', async () => {
  const real = new WebSocketServer({ host: '127.0.0.1', port: 0 })
  await new Promise<void>((resolve) => real.once('listening', () => resolve()))
  real.on('connection', (socket) => socket.on('message', (data) => socket.send(`echo ${String(data)} from the real server`)))
  try {
    const { port } = real.address() as { port: number }
    const url = await listenFresh(`ws://127.0.0.1:${port}/`)
    const talk = () => socketEvents(url, () => {}, (socket) => socket.send('hi'))
    const first = await talk()
    expect(first).toEqual(['open 1', 'message echo hi from the real server', 'close 1000 true 3'])
    expect(await talk()).toEqual(first)
  } finally {
    await new Promise<void>((resolve) => real.close(() => resolve()))
  }
})

it.runIf(fetchPatched)('the first WebSocket handshake made with fetch is answered 101 like the next', async () => {
  await listenFresh()
  const handshake = async () => {
    const response = await fetch('https://echo.example.test/', { headers: { upgrade: 'websocket', connection: 'upgrade', 'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==', 'sec-websocket-version': '13' } })
    return { status: response.status, accept: response.headers.get('sec-websocket-accept') }
  }
  const first = await handshake()
  expect(first).toEqual({ status: 101, accept: 's3pPLMBiTxaQ9kYGzzhZRbK+xOo=' })
  expect(await handshake()).toEqual(first)
})
