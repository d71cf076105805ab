/**
 * WebSocket test support (the tests run on `setupServer`, as users do): a real
 * `ws` server on 127.0.0.1, and small socket helpers.
 */
import { afterAll, afterEach, beforeAll } from 'vitest'
import { WebSocketServer as RealServer, type WebSocket as RealSocket } from 'ws'

/**
 * `connect(url, protocols?)` with the global `WebSocket`; every socket it opened is
 * closed after each test of the file that calls this.
 */
export function useGlobalSockets(): (url: string, protocols?: string | string[]) => WebSocket {
  const sockets: WebSocket[] = []
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close()
  })
  return (url, protocols) => {
    const socket = new WebSocket(url, protocols)
    sockets.push(socket)
    return socket
  }
}

/** Resolves when the socket opened; rejects on error. */
export function opened(socket: WebSocket): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.addEventListener('open', () => resolve(), { once: true })
    socket.addEventListener('error', () => reject(new Error('socket error before open')), { once: true })
  })
}

/** Collects the next `count` messages of a socket as strings. */
export function messages(socket: WebSocket, count: number): Promise<string[]> {
  const received: string[] = []
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out with ${JSON.stringify(received)}`)), 5000)
    socket.addEventListener('message', function listener(event) {
      received.push(typeof event.data === 'string' ? event.data : `<${typeof event.data}>`)
      if (received.length === count) {
        clearTimeout(timer)
        socket.removeEventListener('message', listener)
        resolve(received)
      }
    })
  })
}

/**
 * The events a socket gets until it opened, with an error's `cause` message:
 * an unhandled connection under `onUnhandledRequest: 'error'` gets `error`,
 * then `open` (msw 2.15 opens it with no server behind it).
 */
export function eventsUntilOpen(socket: WebSocket): Promise<string[]> {
  const events: string[] = []
  return new Promise((resolve) => {
    socket.addEventListener('error', (event) => events.push(`error: ${String((event as Event & { cause?: Error }).cause?.message)}`))
    socket.addEventListener('close', (event) => events.push(`close ${event.code}`))
    socket.addEventListener('open', () => resolve([...events, 'open']), { once: true })
  })
}

/** Resolves with the close event's code and reason. */
export function closed(socket: WebSocket): Promise<{ code: number; reason: string }> {
  return new Promise((resolve) => socket.addEventListener('close', (event) => resolve({ code: event.code, reason: event.reason }), { once: true }))
}

export interface RealWebSocketServer {
  url: string
  /** Messages the real server received, as text. */
  readonly received: string[]
  readonly protocols: string[]
}

/**
 * A real `ws` server on 127.0.0.1: greets each connection with "hello from
 * the real server", answers "echo:<text>" to each message, and closes with
 * 4002 on "bye".
 */
export function useRealWebSocketServer(): RealWebSocketServer {
  const state: RealWebSocketServer = { url: '', received: [], protocols: [] }
  let server: RealServer | undefined
  const sockets = new Set<RealSocket>()
  beforeAll(async () => {
    server = new RealServer({ host: '127.0.0.1', port: 0 })
    server.on('connection', (socket, request) => {
      sockets.add(socket)
      state.protocols.push(String(request.headers['sec-websocket-protocol'] ?? ''))
      socket.send('hello from the real server')
      socket.on('message', (data) => {
        const text = String(data)
        state.received.push(text)
        // "bye" makes the real server close the connection with 4002.
        if (text === 'bye') socket.close(4002, 'real server says bye')
        else socket.send(`echo:${text}`)
      })
    })
    await new Promise<void>((resolve) => server!.on('listening', resolve))
    const address = server.address()
    if (address === null || typeof address === 'string') throw new Error('no port')
    state.url = `ws://127.0.0.1:${address.port}`
  })
  afterAll(async () => {
    for (const socket of sockets) socket.terminate()
    await new Promise<void>((resolve) => server?.close(() => resolve()))
  })
  return state
}
