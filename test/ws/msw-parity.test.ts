// WebSocket behaviours msw 2.15's `ws` API has and its own WebSocket tests check
// (issue 22 item 11), each measured against msw 2.15 with Node's global
// WebSocket first: event targets, Blob frames from the real server, the order
// of real and mocked messages after server.connect(), stopPropagation on the
// server's error event, a throwing connection listener, a WebSocket handshake
// made with fetch, and the unhandled-connection callback.
import { createServer, type Server } from 'node:http'
import { ws } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { WebSocketServer as RealServer, WebSocket as PackageSocket } from 'ws'
import { failOnUnhandledRejection } from '../integration/support/harness.js'
import { closed, messages, opened, useGlobalSockets, useRealWebSocketServer } from './support.js'

const NativeWebSocket = globalThis.WebSocket
const unhandled: Request[] = []
const server = setupServer()
failOnUnhandledRejection()
beforeAll(() => server.listen({ onUnhandledRequest: (request) => void unhandled.push(request) }))
afterEach(() => {
  server.resetHandlers()
  unhandled.length = 0
})
afterAll(() => server.close())

const connect = useGlobalSockets()
const real = useRealWebSocketServer()

/** A real `ws` server on 127.0.0.1 that greets each connection with a text frame, then a binary one. */
const binary = { url: '' }
let binaryServer: RealServer | undefined
beforeAll(async () => {
  binaryServer = new RealServer({ host: '127.0.0.1', port: 0 })
  binaryServer.on('connection', (socket) => {
    socket.send('text frame')
    socket.send(Buffer.from('binary frame'))
  })
  await new Promise<void>((resolve) => binaryServer!.on('listening', resolve))
  binary.url = `ws://127.0.0.1:${(binaryServer.address() as { port: number }).port}`
})
afterAll(async () => {
  for (const socket of binaryServer?.clients ?? []) socket.terminate()
  await new Promise<void>((resolve) => binaryServer?.close(() => resolve()))
})

/** A real 127.0.0.1 HTTP server that answers every WebSocket handshake with 500 after a while: the real socket fails late. */
let refusing: Server | undefined
const refusingUrl = { href: '' }
beforeAll(async () => {
  refusing = createServer((_, response) => void setTimeout(() => response.writeHead(500).end('no'), 30))
  await new Promise<void>((resolve) => refusing!.listen(0, '127.0.0.1', resolve))
  refusingUrl.href = `ws://127.0.0.1:${(refusing.address() as { port: number }).port}/`
})
afterAll(() => new Promise<void>((resolve) => refusing?.close(() => resolve())))

const until = (condition: () => boolean) =>
  new Promise<void>((resolve, reject) => {
    const started = Date.now()
    const poll = () => (condition() ? resolve() : Date.now() - started > 5000 ? reject(new Error('timed out')) : setTimeout(poll, 5))
    poll()
  })

describe('event targets', () => {
  it('a client "message" event targets the application\'s own WebSocket, and listeners run with it as `this`', async () => {
    const seen: boolean[] = []
    server.use(
      ws.link('wss://targets.test').addEventListener('connection', ({ client }) => {
        client.addEventListener('message', function (this: unknown, event) {
          seen.push(event.target === socket, (event as unknown as Event).currentTarget === socket, this === socket, event.target === client.socket)
        })
      }),
    )
    const socket = connect('wss://targets.test')
    await opened(socket)
    socket.send('hi')
    await until(() => seen.length > 0)
    expect(seen).toEqual([true, true, true, true])
  })

  it('with the `ws` package client, a client "message" event targets `client.socket`', async () => {
    const seen: boolean[] = []
    server.use(
      ws.link('ws://targets.test/pkg').addEventListener('connection', ({ client }) => {
        client.addEventListener('message', (event) => seen.push(event.target === client.socket))
      }),
    )
    const socket = new PackageSocket('ws://targets.test/pkg')
    await new Promise((resolve) => socket.once('open', resolve))
    socket.send('hi')
    await until(() => seen.length > 0)
    socket.terminate()
    expect(seen).toEqual([true])
  })

  it('server events target the real socket (a native WebSocket), and listeners run with the application\'s socket as `this`', async () => {
    const seen: string[] = []
    server.use(
      ws.link(real.url).addEventListener('connection', ({ server: original }) => {
        original.connect()
        original.addEventListener('open', (event) => seen.push(`open ${(event as unknown as Event).target instanceof NativeWebSocket!}`))
        original.addEventListener('message', function (this: unknown, event) {
          seen.push(`message ${event.target instanceof NativeWebSocket!} ${this === socket}`)
        })
      }),
    )
    const socket = connect(real.url)
    await messages(socket, 1)
    expect(seen).toEqual(['open true', 'message true true'])
  })
})

describe('the real server, after server.connect()', () => {
  it('a Blob message from the real server reaches the "server" listeners as a Blob, and the client as a Blob', async () => {
    const kinds: string[] = []
    server.use(
      ws.link(binary.url).addEventListener('connection', ({ server: original }) => {
        original.connect()
        original.addEventListener('message', (event) => kinds.push(Object.prototype.toString.call(event.data)))
      }),
    )
    const socket = connect(binary.url)
    const received: unknown[] = []
    socket.addEventListener('message', (event) => received.push(event.data))
    await until(() => received.length === 2)
    expect(kinds).toEqual(['[object String]', '[object Blob]'])
    expect(received[0]).toBe('text frame')
    expect(received[1]).toBeInstanceOf(Blob)
    expect(await (received[1] as Blob).text()).toBe('binary frame')
  })

  it('the real socket takes the client\'s binaryType: "arraybuffer" gives ArrayBuffers to both', async () => {
    const kinds: string[] = []
    server.use(
      ws.link(binary.url).addEventListener('connection', ({ server: original }) => {
        original.connect()
        original.addEventListener('message', (event) => kinds.push(Object.prototype.toString.call(event.data)))
      }),
    )
    const socket = connect(binary.url)
    socket.binaryType = 'arraybuffer'
    const received: unknown[] = []
    socket.addEventListener('message', (event) => received.push(event.data))
    await until(() => received.length === 2)
    expect(kinds).toEqual(['[object String]', '[object ArrayBuffer]'])
    expect(new TextDecoder().decode(received[1] as ArrayBuffer)).toBe('binary frame')
  })

  it('real and mocked messages both reach the client, in the order msw gives them', async () => {
    server.use(
      ws.link(real.url).addEventListener('connection', ({ client, server: original }) => {
        client.send('mock before connect')
        original.connect()
        client.send('mock after connect')
        original.addEventListener('open', () => client.send('mock on open'))
        // Not prevented: the real message is forwarded first, then this answer.
        original.addEventListener('message', (event) => client.send(`mock after "${String(event.data)}"`))
      }),
    )
    const socket = connect(real.url)
    const received = messages(socket, 7)
    await opened(socket)
    socket.send('ping')
    expect(await received).toEqual([
      'mock before connect',
      'mock after connect',
      'mock on open',
      'hello from the real server',
      'mock after "hello from the real server"',
      'echo:ping',
      'mock after "echo:ping"',
    ])
  })
})

describe('the server "error" event', () => {
  /** Two links' handlers on one connection to a real server that fails the handshake; the first handler's first listener runs `stop`. */
  async function errorListeners(stop: (event: { stopPropagation(): void; stopImmediatePropagation(): void }) => void) {
    const heard: string[] = []
    const link = ws.link(refusingUrl.href)
    server.use(
      link.addEventListener('connection', ({ server: original }) => {
        original.connect()
        original.addEventListener('error', (event) => {
          heard.push(`first ${(event as unknown as Event).target instanceof NativeWebSocket!}`)
          stop(event)
        })
        original.addEventListener('error', () => heard.push('first, second listener'))
      }),
      link.addEventListener('connection', ({ server: original }) => {
        original.addEventListener('error', () => heard.push('other handler'))
      }),
    )
    const socket = connect(refusingUrl.href)
    const events: string[] = []
    socket.addEventListener('error', () => events.push('error'))
    const close = closed(socket)
    events.push(`close ${(await close).code}`)
    return { heard, events }
  }

  it('reaches every listener of every handler, then the client', async () => {
    expect(await errorListeners(() => {})).toEqual({ heard: ['first true', 'first, second listener', 'other handler'], events: ['error', 'close 1006'] })
  })

  it('stopPropagation() stops the other handlers\' listeners, not this handler\'s', async () => {
    expect(await errorListeners((event) => event.stopPropagation())).toEqual({ heard: ['first true', 'first, second listener'], events: ['error', 'close 1006'] })
  })

  it('stopImmediatePropagation() stops every later listener', async () => {
    expect(await errorListeners((event) => event.stopImmediatePropagation())).toEqual({ heard: ['first true'], events: ['error', 'close 1006'] })
  })
})

describe('a "connection" listener that throws', () => {
  it('the client gets "error", then "close" 1011 with the error\'s message (not clean), and never "open"', async () => {
    const reported: string[] = []
    const listener = ({ error }: { error: Error }) => void reported.push(error.message)
    server.events.on('unhandledException', listener)
    try {
      server.use(
        ws.link('wss://throws.test').addEventListener('connection', () => {
          throw new Error('Connection listener error')
        }),
      )
      const socket = connect('wss://throws.test')
      const events: string[] = []
      socket.addEventListener('open', () => events.push('open'))
      socket.addEventListener('error', () => events.push('error'))
      socket.addEventListener('close', (event) => events.push(`close ${event.code} ${event.reason} ${event.wasClean}`))
      await closed(socket)
      await new Promise((resolve) => setTimeout(resolve, 20))
      expect(events).toEqual(['error', 'close 1011 Connection listener error false'])
      expect(socket.readyState).toBe(WebSocket.CLOSED)
      expect(reported).toEqual(['Connection listener error'])
    } finally {
      server.events.removeListener('unhandledException', listener)
    }
  })

  it('the `ws` package client is upgraded, then closed with 1011 and the error\'s message', async () => {
    const listener = () => {}
    server.events.on('unhandledException', listener)
    try {
      server.use(
        ws.link('ws://throws.test/pkg').addEventListener('connection', () => {
          throw new Error('Connection listener error')
        }),
      )
      const socket = new PackageSocket('ws://throws.test/pkg')
      const close = await new Promise<string>((resolve) => socket.once('close', (code, reason) => resolve(`${code} ${String(reason)}`)))
      expect(close).toBe('1011 Connection listener error')
    } finally {
      server.events.removeListener('unhandledException', listener)
    }
  })
})

describe('a WebSocket handshake made with fetch', () => {
  // RFC 6455 section 1.3's example key and the accept value it asks for.
  const handshake = { connection: 'upgrade', upgrade: 'websocket', 'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==', 'sec-websocket-version': '13' }

  it.each(['https://handshake.test/socket', 'wss://handshake.test/socket'])('to a ws.link URL (%s) answers 101 with the right sec-websocket-accept, and reaches the "connection" listener', async (url) => {
    const connections: string[] = []
    server.use(ws.link('wss://handshake.test/socket').addEventListener('connection', ({ client }) => void connections.push(client.url.href)))
    const response = await fetch(url, { headers: handshake })
    expect(response.status).toBe(101)
    expect(response.statusText).toBe('')
    expect(response.body).toBeNull()
    expect(response.url).toBe(url)
    expect([...response.headers]).toEqual([
      ['connection', 'upgrade'],
      ['sec-websocket-accept', 's3pPLMBiTxaQ9kYGzzhZRbK+xOo='],
      ['upgrade', 'websocket'],
    ])
    expect(connections).toEqual(['wss://handshake.test/socket'])
    expect(unhandled).toEqual([])
  })

  it('to a URL no link takes goes on as an ordinary request: the unhandled policy sees it once, and fetch fails as it does unmocked', async () => {
    server.use(ws.link('wss://handshake.test/socket').addEventListener('connection', () => {}))
    const mocked = await fetch('https://handshake.test/other', { headers: handshake }).then(
      () => 'resolved',
      (error: Error) => `${error.name}: ${error.message}`,
    )
    expect(unhandled.map((request) => request.url)).toEqual(['https://handshake.test/other'])
    expect(mocked).toBe('TypeError: fetch failed')
  })
})

describe('an unhandled connection', () => {
  it.each([
    ['the global WebSocket', (url: string) => connect(url)],
    ['the `ws` package client', (url: string) => new PackageSocket(url) as unknown as WebSocket],
  ])('with %s: calls the onUnhandledRequest callback once with a GET ws: Request (headers exactly connection and upgrade), then connects to the real server', async (_, open) => {
    const url = `${real.url}/unhandled?x=1`
    const socket = open(url)
    const greeting = new Promise<string>((resolve) => socket.addEventListener('message', (event) => resolve(String(event.data)), { once: true }))
    expect(await greeting).toBe('hello from the real server')
    expect(unhandled).toHaveLength(1)
    const [request] = unhandled
    expect(request).toBeInstanceOf(Request)
    expect(request!.method).toBe('GET')
    expect(request!.url).toBe(url)
    expect([...request!.headers]).toEqual([
      ['connection', 'upgrade'],
      ['upgrade', 'websocket'],
    ])
    socket.close()
  })

  it('to a wss: URL that cannot connect: the callback once with the wss: URL; the client opens once the policy let it through (as msw 2.15), then gets "error" and "close" 1006', async () => {
    const socket = connect('wss://127.0.0.1:1/nothing')
    const events: string[] = []
    socket.addEventListener('open', () => events.push('open'))
    socket.addEventListener('error', () => events.push('error'))
    events.push(`close ${(await closed(socket)).code}`)
    expect(events).toEqual(['open', 'error', 'close 1006'])
    expect(unhandled.map((request) => request.url)).toEqual(['wss://127.0.0.1:1/nothing'])
  })
})
