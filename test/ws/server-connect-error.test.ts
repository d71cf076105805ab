// server.connect() to an address it cannot reach, as msw 2.15 (its WebSocketHandler patches stopPropagation
// per handler; @mswjs/interceptors' server end dispatches a cancelable `error`, then gives the client its own
// unless a listener prevented it): the `error` reaches the `server` listeners of every matching handler, in
// order; stopPropagation() stops the handlers after the one that called it, stopImmediatePropagation() also the
// listeners after it in the same handler; the client then gets `error` and close 1006.
import { createServer } from 'node:net'
import { ws } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { useGlobalSockets } from './support.js'

const server = setupServer()
const connect = useGlobalSockets()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

// A loopback port nothing listens on (bound, then released): the connection is refused.
let refusedUrl: string
beforeAll(async () => {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as { port: number }
  await new Promise<void>((resolve) => probe.close(() => resolve()))
  refusedUrl = `ws://127.0.0.1:${port}/refused`
})

type Stop = 'none' | 'stopPropagation' | 'stopImmediatePropagation' | 'preventDefault'

/** Two handlers for `url`: the first connects and has two `error` listeners (the first may stop or prevent), the second has one. */
function useHandlers(url: string, stop: Stop, log: string[]): void {
  const link = ws.link(url)
  server.use(
    link.addEventListener('connection', ({ server: real }) => {
      real.addEventListener('error', (event) => {
        log.push(`first handler, first listener: ${event.type} cancelable=${(event as unknown as Event).cancelable}`)
        if (stop !== 'none') event[stop]()
      })
      real.addEventListener('error', () => log.push('first handler, second listener'))
      real.connect()
    }),
    link.addEventListener('connection', ({ server: real }) => {
      real.addEventListener('error', () => log.push('second handler'))
    }),
  )
}

/** What the client saw, after the server listeners, until it closed. */
function clientEvents(socket: WebSocket, log: string[]): Promise<void> {
  socket.addEventListener('open', () => log.push('client open'))
  socket.addEventListener('error', () => log.push('client error'))
  return new Promise((resolve) =>
    socket.addEventListener('close', (event) => {
      log.push(`client close ${event.code}`)
      resolve()
    }),
  )
}

describe.each([
  ['a host with nothing on its port (ws://localhost/non-existing-path)', () => 'ws://localhost/non-existing-path'],
  ['a refused loopback port', () => refusedUrl],
])('server.connect() to %s', (_name, target) => {
  it('every matching handler\'s server "error" listeners run, in order; then the client gets error and close 1006', async () => {
    const log: string[] = []
    useHandlers(target(), 'none', log)
    await clientEvents(connect(target()), log)
    expect(log).toEqual(['client open', 'first handler, first listener: error cancelable=true', 'first handler, second listener', 'second handler', 'client error', 'client close 1006'])
  })

  it('stopPropagation() in a listener stops the handlers after it, not the listeners of its own handler', async () => {
    const log: string[] = []
    useHandlers(target(), 'stopPropagation', log)
    await clientEvents(connect(target()), log)
    expect(log).toEqual(['client open', 'first handler, first listener: error cancelable=true', 'first handler, second listener', 'client error', 'client close 1006'])
  })

  it('stopImmediatePropagation() stops every listener after it', async () => {
    const log: string[] = []
    useHandlers(target(), 'stopImmediatePropagation', log)
    await clientEvents(connect(target()), log)
    expect(log).toEqual(['client open', 'first handler, first listener: error cancelable=true', 'client error', 'client close 1006'])
  })

  it('preventDefault() keeps the error from the client, which still closes with 1006', async () => {
    const log: string[] = []
    useHandlers(target(), 'preventDefault', log)
    await clientEvents(connect(target()), log)
    expect(log).toEqual(['client open', 'first handler, first listener: error cancelable=true', 'first handler, second listener', 'second handler', 'client close 1006'])
  })
})
