// An unhandled global WebSocket connection under each onUnhandledRequest policy behaves as msw 2.15's
// (read from msw's WebSocket frame and @mswjs/interceptors' WebSocket interceptor, and run against msw2 here):
// - 'warn', a callback, 'bypass': the policy runs, the connection goes to the real address, and the client
//   opens at once (the interceptor opens it once the policy let it through, without waiting for the real
//   server); messages flow both ways, what the client sent meanwhile reaches the real server; a real address
//   that cannot be reached gives the client `error`, then close 1006.
// - 'error' (or a callback that throws): the client gets `error` whose `cause` is the policy's error, then
//   opens, with no server behind it; nothing reaches the real server.
import { ws } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { closed, eventsUntilOpen, messages, useGlobalSockets, useRealWebSocketServer } from './support.js'

const real = useRealWebSocketServer()
const connect = useGlobalSockets()
// A handler for another address: the connections of these tests match no handler.
const server = setupServer(ws.link('wss://elsewhere.test').addEventListener('connection', () => {}))
afterEach(() => {
  server.close()
  vi.restoreAllMocks()
})
afterAll(() => server.close())

/** Events of `socket` (the error's cause message, the close code) for `ms`. */
function eventsFor(socket: WebSocket, ms: number): Promise<string[]> {
  const events: string[] = []
  socket.addEventListener('open', () => events.push('open'))
  socket.addEventListener('message', (event) => events.push(`message ${String(event.data)}`))
  socket.addEventListener('error', () => events.push('error'))
  socket.addEventListener('close', (event) => events.push(`close ${event.code}`))
  return new Promise((resolve) => setTimeout(() => resolve(events), ms))
}

// A port nothing listens on: bound, then released.
let refusedUrl: string
beforeAll(async () => {
  const { createServer } = await import('node:net')
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as { port: number }
  await new Promise<void>((resolve) => probe.close(() => resolve()))
  refusedUrl = `ws://127.0.0.1:${port}/gone`
})

describe.each([
  ['warn', 'warn' as const],
  ['a callback', 'callback' as const],
  ['bypass', 'bypass' as const],
])('onUnhandledRequest %s', (_name, policy) => {
  let calls: Request[]
  const listen = () => {
    calls = []
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    server.listen({ onUnhandledRequest: policy === 'callback' ? (request) => void calls.push(request) : policy })
    return warn
  }

  it('runs the policy, opens the client at once, and connects it to the real server: messages flow both ways', async () => {
    const warn = listen()
    const before = real.received.length
    const connectionsBefore = real.protocols.length
    const socket = connect(`${real.url}/unhandled`)
    // The real server counts a connection once its handshake is done: none yet when the client opened.
    const connectionsAtOpen = new Promise<number>((resolve) => socket.addEventListener('open', () => resolve(real.protocols.length), { once: true }))
    const greeting = messages(socket, 1)
    expect(await connectionsAtOpen).toBe(connectionsBefore)
    socket.send('sent while the real connection was on its way')
    expect(await greeting).toEqual(['hello from the real server'])
    expect(await messages(socket, 1)).toEqual(['echo:sent while the real connection was on its way'])
    expect(real.received.slice(before)).toEqual(['sent while the real connection was on its way'])
    if (policy === 'warn') expect(String(warn.mock.calls[0]?.[0])).toContain(`GET ${real.url}/unhandled`)
    else expect(warn).not.toHaveBeenCalled()
    if (policy === 'callback') expect(calls.map((request) => [request.method, request.url, request.headers.get('upgrade')])).toEqual([['GET', `${real.url}/unhandled`, 'websocket']])
    // The real server closing closes the client with its code.
    socket.send('bye')
    expect((await closed(socket)).code).toBe(4002)
  })

  it('a real address that cannot be reached: the client opens, then gets error and close 1006', async () => {
    listen()
    const socket = connect(refusedUrl)
    const events = eventsFor(socket, 400)
    expect(await events).toEqual(['open', 'error', 'close 1006'])
  })
})

describe("onUnhandledRequest 'error'", () => {
  it('prints the error; the client gets error (its cause the policy error), then opens with no server behind it', async () => {
    const printed = vi.spyOn(console, 'error').mockImplementation(() => {})
    server.listen({ onUnhandledRequest: 'error' })
    const before = real.received.length
    const socket = connect(`${real.url}/refused`)
    const [refusal, ...rest] = await eventsUntilOpen(socket)
    expect(refusal).toMatch(new RegExp(`^error: \\[mocklib\\] Error: intercepted a request without a matching request handler:\\s+• GET ${real.url.replace(/[.:/]/g, '\\$&')}/refused`))
    expect(rest).toEqual(['open'])
    expect(printed.mock.calls.map((call) => String(call[0]))).toEqual([expect.stringContaining(`GET ${real.url}/refused`)])
    // No real connection: nothing the client sends reaches the real server, nothing comes back.
    const later = eventsFor(socket, 200)
    socket.send('to nobody')
    expect(await later).toEqual([])
    expect(real.received.slice(before)).toEqual([])
    expect(socket.readyState).toBe(WebSocket.OPEN)
  })

  it('a callback that throws refuses the connection the same way, its error as the cause', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    server.listen({
      onUnhandledRequest: () => {
        throw new Error('not this one')
      },
    })
    const socket = connect(`${real.url}/thrown`)
    expect(await eventsUntilOpen(socket)).toEqual(['error: not this one', 'open'])
  })
})
