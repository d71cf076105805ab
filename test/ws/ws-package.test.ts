// The `ws` package's client (node:http upgrade requests): echo, params and
// protocols, broadcast, typed JSON, close codes both ways, 1011 on a throwing
// listener, binary frames, server.connect() to a real ws server with patching,
// and unhandled connections passed through or refused.
import { ws } from 'mocklib'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import WebSocket from 'ws'
import { failOnUnhandledRejection } from '../integration/support/harness.js'
import { setupServer } from 'mocklib/node'
import { useRealWebSocketServer } from './support.js'

const server = setupServer()
failOnUnhandledRejection()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const sockets: WebSocket[] = []
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.terminate()
})
function connect(url: string, protocols?: string | string[]): WebSocket {
  const socket = new WebSocket(url, protocols)
  sockets.push(socket)
  return socket
}
const opened = (socket: WebSocket) =>
  new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve())
    socket.once('error', reject)
  })
const messages = (socket: WebSocket, count: number) =>
  new Promise<string[]>((resolve) => {
    const received: string[] = []
    const listener = (data: Buffer, isBinary: boolean) => {
      received.push(isBinary ? `<binary ${data.length}>` : String(data))
      if (received.length === count) {
        socket.off('message', listener)
        resolve(received)
      }
    }
    socket.on('message', listener)
  })
const closed = (socket: WebSocket) => new Promise<{ code: number; reason: string }>((resolve) => socket.once('close', (code, reason) => resolve({ code, reason: String(reason) })))

describe('mocked connections', () => {
  it('echoes text and binary messages, with params and the negotiated protocol', async () => {
    const seen: unknown[] = []
    server.use(
      ws.link('ws://pkg.test/rooms/:room').addEventListener('connection', ({ client, params, info }) => {
        seen.push({ room: params.room, protocols: info.protocols })
        client.addEventListener('message', (event) => client.send(typeof event.data === 'string' ? `echo:${event.data}` : event.data))
      }),
    )
    const socket = connect('ws://pkg.test/rooms/lobby', ['chat.v2', 'chat.v1'])
    await opened(socket)
    expect(socket.protocol).toBe('chat.v2')
    const replies = messages(socket, 3)
    socket.send('one')
    socket.send(Buffer.from([1, 2, 3]))
    socket.send('x'.repeat(70_000))
    expect(await replies).toEqual(['echo:one', '<binary 3>', `echo:${'x'.repeat(70_000)}`])
    expect(seen).toEqual([{ room: 'lobby', protocols: ['chat.v2', 'chat.v1'] }])
  })

  it('broadcasts to three ws clients and broadcastExcept skips the sender', async () => {
    const room = ws.link('ws://pkg.test/room')
    server.use(
      room.addEventListener('connection', ({ client }) => {
        client.addEventListener('message', (event) => room.broadcastExcept(client, `relay:${String(event.data)}`))
      }),
    )
    const [a, b, c] = [connect('ws://pkg.test/room'), connect('ws://pkg.test/room'), connect('ws://pkg.test/room')]
    await Promise.all([opened(a!), opened(b!), opened(c!)])
    await vi.waitFor(() => expect(room.clients.size).toBe(3))
    const all = Promise.all([messages(a!, 1), messages(b!, 1), messages(c!, 1)])
    room.broadcast('to everyone')
    expect(await all).toEqual([['to everyone'], ['to everyone'], ['to everyone']])
    const others = Promise.all([messages(b!, 1), messages(c!, 1)])
    const aReceived: string[] = []
    a!.on('message', (data) => aReceived.push(String(data)))
    a!.send('from a')
    expect(await others).toEqual([['relay:from a'], ['relay:from a']])
    expect(aReceived).toEqual([])
  })

  it('parses typed JSON messages and sends objects as JSON', async () => {
    const typed = ws.link<{ incoming: { n: number }; outgoing: { double: number } }>('ws://pkg.test/typed', { parse: ws.json })
    server.use(typed.addEventListener('connection', ({ client }) => client.addEventListener('message', (event) => client.send({ double: event.data.n * 2 }))))
    const socket = connect('ws://pkg.test/typed')
    await opened(socket)
    const reply = messages(socket, 1)
    socket.send(JSON.stringify({ n: 21 }))
    expect(await reply).toEqual(['{"double":42}'])
  })

  it('closes with the handler close code, and the handler sees the client close code', async () => {
    const clientClosed: number[] = []
    server.use(
      ws.link('ws://pkg.test/close').addEventListener('connection', ({ client }) => {
        client.addEventListener('message', (event) => {
          if (event.data === 'leave') client.close(4001, 'asked to leave')
        })
        client.addEventListener('close', (event) => clientClosed.push(event.code))
      }),
    )
    const first = connect('ws://pkg.test/close')
    await opened(first)
    const firstClosed = closed(first)
    first.send('leave')
    expect(await firstClosed).toEqual({ code: 4001, reason: 'asked to leave' })

    const second = connect('ws://pkg.test/close')
    await opened(second)
    const secondClosed = closed(second)
    second.close(3000, 'done')
    expect((await secondClosed).code).toBe(3000)
    expect(clientClosed).toEqual([4001, 3000])
  })

  it('closes the client with 1011 when the connection listener throws', async () => {
    const errors: string[] = []
    const listener = ({ error }: { error: Error }) => errors.push(error.message)
    server.events.on('unhandledException', listener)
    try {
      server.use(
        ws.link('ws://pkg.test/broken').addEventListener('connection', () => {
          throw new Error('listener failed')
        }),
      )
      expect((await closed(connect('ws://pkg.test/broken'))).code).toBe(1011)
      expect(errors).toEqual(['listener failed'])
    } finally {
      server.events.removeListener('unhandledException', listener)
    }
  })

  it('refuses an unmatched connection under onUnhandledRequest "error": the client gets an error', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      const socket = connect('ws://nobody.test/socket')
      const failure = await new Promise<Error>((resolve) => socket.once('error', resolve))
      expect(failure.message).toMatch(/^\[mocklib\]/)
    } finally {
      error.mockRestore()
    }
  })
})

describe('a real ws server', () => {
  const real = useRealWebSocketServer()

  it('server.connect() forwards both ways, with event patching both ways', async () => {
    server.use(
      ws.link(`${real.url}/*`).addEventListener('connection', ({ client, server: upstream }) => {
        upstream.connect()
        client.addEventListener('message', (event) => {
          if (event.data === 'secret') event.preventDefault()
        })
        upstream.addEventListener('message', (event) => {
          if (String(event.data).startsWith('hello')) {
            event.preventDefault()
            client.send('patched greeting')
          }
        })
      }),
    )
    const socket = connect(`${real.url}/via-ws`)
    const replies = messages(socket, 2)
    await opened(socket)
    socket.send('secret')
    socket.send('plain')
    expect(await replies).toEqual(['patched greeting', 'echo:plain'])
    expect(real.received.at(-1)).toBe('plain')
    expect(real.received).not.toContain('secret')
  })

  it('passes an unmatched connection through to the real server under "bypass"', async () => {
    server.close()
    server.listen({ onUnhandledRequest: 'bypass' })
    try {
      const socket = connect(`${real.url}/through`)
      const replies = messages(socket, 2)
      await opened(socket)
      socket.send('through')
      expect(await replies).toEqual(['hello from the real server', 'echo:through'])
    } finally {
      server.close()
      server.listen({ onUnhandledRequest: 'error' })
    }
  })
})
