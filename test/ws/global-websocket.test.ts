// The global WebSocket while setupServer listens (mocklib's MockWebSocket):
// the WHATWG surface applications and libraries rely on — on* handlers,
// readyState, binaryType, protocol, errors for bad input — and restoring
// Node's own WebSocket on close().
import { ws } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { failOnUnhandledRejection } from '../integration/support/harness.js'
import { closed, messages, opened, useGlobalSockets } from './support.js'

const NativeWebSocket = globalThis.WebSocket
const echo = ws.link('wss://global.test/*')
const server = setupServer(
  echo.addEventListener('connection', ({ client }) => {
    client.addEventListener('message', (event) => client.send(event.data))
  }),
)
failOnUnhandledRejection()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const connect = useGlobalSockets()

describe('the WebSocket API', () => {
  it('goes CONNECTING → OPEN → CLOSING → CLOSED, with onopen, onmessage and onclose', async () => {
    const socket = connect('wss://global.test/states')
    expect(socket.readyState).toBe(WebSocket.CONNECTING)
    expect([WebSocket.OPEN, socket.OPEN, WebSocket.CLOSED]).toEqual([1, 1, 3])
    const seen: string[] = []
    socket.onopen = () => seen.push(`open ${socket.readyState}`)
    socket.onmessage = (event) => seen.push(`message ${String(event.data)}`)
    socket.onclose = (event) => seen.push(`close ${event.code} ${event.reason} ${event.wasClean}`)
    await opened(socket)
    socket.send('hi')
    await messages(socket, 1)
    const done = closed(socket)
    socket.close(1000, 'done')
    expect(socket.readyState).toBe(WebSocket.CLOSING)
    await done
    expect(socket.readyState).toBe(WebSocket.CLOSED)
    expect(seen).toEqual(['open 1', 'message hi', 'close 1000 done true'])
    expect(socket.onmessage).toBeTypeOf('function')
  })

  it('replaces an on* handler instead of adding a second one', async () => {
    const socket = connect('wss://global.test/handlers')
    const calls: string[] = []
    socket.onmessage = () => calls.push('first')
    socket.onmessage = () => calls.push('second')
    await opened(socket)
    socket.send('x')
    await messages(socket, 1)
    expect(calls).toEqual(['second'])
  })

  it('delivers binary frames as a Blob by default and as an ArrayBuffer with binaryType "arraybuffer"', async () => {
    const socket = connect('wss://global.test/binary')
    await opened(socket)
    const received: unknown[] = []
    socket.addEventListener('message', (event) => received.push(event.data))
    socket.send(new Uint8Array([1, 2, 3]))
    await expect.poll(() => received.length).toBe(1)
    expect(received[0]).toBeInstanceOf(Blob)
    expect([...new Uint8Array(await (received[0] as Blob).arrayBuffer())]).toEqual([1, 2, 3])

    socket.binaryType = 'arraybuffer'
    socket.send(new Uint8Array([4, 5]).buffer)
    await expect.poll(() => received.length).toBe(2)
    expect(received[1]).toBeInstanceOf(ArrayBuffer)
    expect([...new Uint8Array(received[1] as ArrayBuffer)]).toEqual([4, 5])
  })

  it('keeps the order of messages a handler sends before the socket opened', async () => {
    server.use(
      ws.link('wss://global.test/early').addEventListener('connection', ({ client }) => {
        client.send('one')
        client.send('two')
      }),
    )
    expect(await messages(connect('wss://global.test/early'), 2)).toEqual(['one', 'two'])
  })

  it('agrees to the first requested subprotocol, and takes http(s) URLs as ws(s)', async () => {
    const socket = connect('https://global.test/proto', ['chat.v2', 'chat.v1'])
    expect(socket.url).toBe('wss://global.test/proto')
    await opened(socket)
    expect(socket.protocol).toBe('chat.v2')
  })

  it('throws what the WebSocket standard says for bad input', async () => {
    expect(() => new WebSocket('ftp://global.test/x')).toThrow(expect.objectContaining({ name: 'SyntaxError' }))
    expect(() => new WebSocket('wss://global.test/x#fragment')).toThrow(expect.objectContaining({ name: 'SyntaxError' }))
    expect(() => new WebSocket('wss://global.test/x', ['a', 'a'])).toThrow(expect.objectContaining({ name: 'SyntaxError' }))
    const socket = connect('wss://global.test/input')
    expect(() => socket.send('too early')).toThrow(expect.objectContaining({ name: 'InvalidStateError' }))
    await opened(socket)
    expect(() => socket.close(1011)).toThrow(expect.objectContaining({ name: 'InvalidAccessError' }))
    expect(() => socket.close(1000, 'x'.repeat(124))).toThrow(expect.objectContaining({ name: 'SyntaxError' }))
  })

  it('fails a socket the application closes before it opened: error, then close 1006', async () => {
    const socket = connect('wss://global.test/early-close')
    const events: string[] = []
    socket.addEventListener('error', () => events.push('error'))
    const done = closed(socket)
    socket.close()
    expect((await done).code).toBe(1006)
    expect(events).toEqual(['error'])
  })
})

describe('listen() and close()', () => {
  it("puts Node's own WebSocket back on close(), and mocks again after listen()", async () => {
    expect(globalThis.WebSocket).not.toBe(NativeWebSocket)
    server.close()
    try {
      expect(globalThis.WebSocket).toBe(NativeWebSocket)
    } finally {
      server.listen({ onUnhandledRequest: 'error' })
    }
    const socket = connect('wss://global.test/again')
    await opened(socket)
    const reply = messages(socket, 1)
    socket.send('back')
    expect(await reply).toEqual(['back'])
  })
})

describe('a real server that cannot be reached', () => {
  it('server.connect(): the client sees error, then close 1006, unless a server "error" listener prevents it', async () => {
    const { createServer } = await import('node:net')
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number }
        probe.close(() => resolve(port))
      })
    })
    const serverErrors: string[] = []
    server.use(
      ws.link(`ws://127.0.0.1:${port}/*`).addEventListener('connection', ({ server: upstream, client }) => {
        upstream.addEventListener('error', (event) => {
          serverErrors.push(client.url.pathname)
          if (client.url.pathname === '/quiet') event.preventDefault()
        })
        upstream.connect()
      }),
    )
    const loud = connect(`ws://127.0.0.1:${port}/loud`)
    const clientErrors: string[] = []
    loud.addEventListener('error', () => clientErrors.push('loud'))
    expect((await closed(loud)).code).toBe(1006)

    const quiet = connect(`ws://127.0.0.1:${port}/quiet`)
    quiet.addEventListener('error', () => clientErrors.push('quiet'))
    expect((await closed(quiet)).code).toBe(1006)
    expect(serverErrors).toEqual(['/loud', '/quiet'])
    expect(clientErrors).toEqual(['loud'])
  })
})
