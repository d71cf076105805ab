// Errors in message and close listeners (client and server ends, sync and
// async), not only in the connection listener: each is reported as
// `unhandledException` like a resolver error, the client is closed with 1011,
// and nothing else breaks (other connections keep working, no unhandled rejection).
import { ws } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import WsClient from 'ws'
import { failOnUnhandledRejection } from '../integration/support/harness.js'
import { closed, messages, opened, useRealWebSocketServer, useGlobalSockets } from './support.js'

const server = setupServer()
failOnUnhandledRejection()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())

let reported: Array<{ message: string; url: string; requestId: string }> = []
const onException = ({ error, request, requestId }: { error: Error; request: Request; requestId: string }) =>
  reported.push({ message: error.message, url: request.url, requestId })
let printed: ReturnType<typeof vi.spyOn>
beforeEach(() => {
  reported = []
  server.events.on('unhandledException', onException)
  printed = vi.spyOn(console, 'error').mockImplementation(() => {})
})
afterEach(() => {
  server.events.removeListener('unhandledException', onException)
  printed.mockRestore()
  server.resetHandlers()
})

const connect = useGlobalSockets()

/** An echo link whose message listener fails on "boom" (synchronously or not). */
function failingEcho(url: string, fail: (text: string) => unknown) {
  return ws.link(url).addEventListener('connection', ({ client }) => {
    client.addEventListener('message', (event) => {
      if (event.data === 'boom') return fail(String(event.data))
      client.send(`echo:${String(event.data)}`)
    })
  })
}

describe('client message listeners', () => {
  it.each([
    [
      'throws',
      () => {
        throw new Error('message listener failed')
      },
    ],
    ['rejects', async () => Promise.reject(new Error('message listener failed'))],
  ])('one that %s is reported, closes its client with 1011, and the other clients keep working', async (_, fail) => {
    server.use(failingEcho('wss://errors.test/chat', fail))
    const [broken, healthy] = [connect('wss://errors.test/chat'), connect('wss://errors.test/chat')]
    await Promise.all([opened(broken), opened(healthy)])
    const brokenClosed = closed(broken)
    broken.send('boom')
    expect((await brokenClosed).code).toBe(1011)
    expect(reported).toEqual([{ message: 'message listener failed', url: 'wss://errors.test/chat', requestId: expect.any(String) }])
    expect(String(printed.mock.calls[0]?.[0])).toMatch(/^\[mocklib\] a "message" listener of the WebSocket handler "ws wss:\/\/errors\.test\/chat" threw/)

    const reply = messages(healthy, 1)
    healthy.send('still here')
    expect(await reply).toEqual(['echo:still here'])
    const fresh = connect('wss://errors.test/chat')
    await opened(fresh)
    const freshReply = messages(fresh, 1)
    fresh.send('new')
    expect(await freshReply).toEqual(['echo:new'])
  })

  it('is the same for the ws package client', async () => {
    server.use(
      failingEcho('ws://errors.test/pkg', () => {
        throw new Error('pkg listener failed')
      }),
    )
    const socket = new WsClient('ws://errors.test/pkg')
    await new Promise((resolve) => socket.once('open', resolve))
    const code = new Promise((resolve) => socket.once('close', resolve))
    socket.send('boom')
    expect(await code).toBe(1011)
    expect(reported.map((entry) => entry.message)).toEqual(['pkg listener failed'])
  })
})

describe('close listeners', () => {
  it('an error in a client close listener is reported, and the link keeps taking connections', async () => {
    const link = ws.link('wss://errors.test/closing')
    server.use(
      link.addEventListener('connection', ({ client }) => {
        client.addEventListener('close', () => {
          throw new Error('close listener failed')
        })
        client.send('hello')
      }),
    )
    const first = connect('wss://errors.test/closing')
    await messages(first, 1)
    first.close(1000)
    await vi.waitFor(() => expect(reported.map((entry) => entry.message)).toEqual(['close listener failed']))
    expect(await messages(connect('wss://errors.test/closing'), 1)).toEqual(['hello'])
  })
})

describe('server listeners (server.connect())', () => {
  const real = useRealWebSocketServer()

  it('an error in a server message listener is reported and closes the client with 1011', async () => {
    server.use(
      ws.link(`${real.url}/*`).addEventListener('connection', ({ server: upstream }) => {
        upstream.connect()
        upstream.addEventListener('message', () => {
          throw new Error('server listener failed')
        })
      }),
    )
    const socket = connect(`${real.url}/failing`)
    expect((await closed(socket)).code).toBe(1011)
    expect(reported.map((entry) => entry.message)).toEqual(['server listener failed'])
    expect(String(printed.mock.calls[0]?.[0])).toContain('a "message" listener of the WebSocket handler')
  })
})
