// History and assertions understand WebSocket connections (setupServer, Node's
// global WebSocket and the `ws` package's client): per-connection records on
// the handler, the link and the server; mock.ws links that assertDone() reports
// until they got their connections; once/times limits; unmatched connections
// in unhandledRequests().
import { CONNECTION_MESSAGE_LIMIT } from '../../src/dsl/ws/index.js'
import { mock, ws } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import WsClient from 'ws'
import { failOnUnhandledRejection } from '../integration/support/harness.js'
import { closed, eventsUntilOpen, messages, opened, useRealWebSocketServer, useGlobalSockets } from './support.js'

const server = setupServer()
failOnUnhandledRejection()
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }))
afterEach(() => {
  server.resetHandlers()
  server.clearHistory()
})
afterAll(() => server.close())

const connect = useGlobalSockets()

describe('connection records', () => {
  it('records url, params, protocols, messages both ways and the close, on the handler, the link and the server', async () => {
    const chat = ws.link('wss://history.test/rooms/:room')
    const handler = chat.addEventListener('connection', ({ client }) => {
      client.send('welcome')
      client.addEventListener('message', (event) => {
        if (event.data === 'leave') client.close(4001, 'bye now')
        else client.send(`echo:${String(event.data)}`)
      })
    })
    server.use(handler)
    const socket = connect('wss://history.test/rooms/lobby', ['chat.v2', 'chat.v1'])
    const replies = messages(socket, 2)
    await opened(socket)
    socket.send('hi')
    expect(await replies).toEqual(['welcome', 'echo:hi'])
    const done = closed(socket)
    socket.send('leave')
    expect(await done).toEqual({ code: 4001, reason: 'bye now' })

    await vi.waitFor(() => expect(handler.connections[0]?.closed).toBeDefined())
    const [record] = handler.connections
    expect(record).toMatchObject({
      url: 'wss://history.test/rooms/lobby',
      params: { room: 'lobby' },
      protocols: ['chat.v2', 'chat.v1'],
      messageCount: 4,
      closed: { code: 4001, reason: 'bye now' },
    })
    expect(record!.messages.map(({ direction, data }) => [direction, data])).toEqual([
      ['outgoing', 'welcome'],
      ['incoming', 'hi'],
      ['outgoing', 'echo:hi'],
      ['incoming', 'leave'],
    ])
    expect(typeof record!.time).toBe('number')
    expect(handler.connectionCount).toBe(1)
    expect(chat.connections.map((connection) => connection.id)).toEqual([record!.id])
    expect(server.webSocketConnections().map((connection) => [connection.id, connection.url])).toEqual([[record!.id, 'wss://history.test/rooms/lobby']])
  })

  it('records the close a client starts, and the ws package client the same way', async () => {
    const handler = ws.link('ws://history.test/pkg').addEventListener('connection', ({ client }) => {
      client.addEventListener('message', (event) => client.send(event.data))
    })
    server.use(handler)
    const socket = new WsClient('ws://history.test/pkg')
    await new Promise((resolve) => socket.once('open', resolve))
    const echoed = new Promise((resolve) => socket.once('message', resolve))
    socket.send('ping')
    await echoed
    socket.close(3000, 'client done')
    await vi.waitFor(() => expect(handler.connections[0]?.closed).toMatchObject({ code: 3000, reason: 'client done' }))
    expect(handler.connections[0]!.messages.map(({ direction, data }) => [direction, String(data)])).toEqual([
      ['incoming', 'ping'],
      ['outgoing', 'ping'],
    ])
  })

  it('keeps the last CONNECTION_MESSAGE_LIMIT messages of a connection, oldest first, and counts them all', async () => {
    const handler = ws.link('wss://history.test/many').addEventListener('connection', ({ client }) => {
      for (let i = 0; i < CONNECTION_MESSAGE_LIMIT + 5; i++) client.send(`m${i}`)
    })
    server.use(handler)
    await messages(connect('wss://history.test/many'), CONNECTION_MESSAGE_LIMIT + 5)
    const [record] = handler.connections
    expect(record!.messageCount).toBe(CONNECTION_MESSAGE_LIMIT + 5)
    expect(record!.messages).toHaveLength(CONNECTION_MESSAGE_LIMIT)
    expect([record!.messages[0]!.data, record!.messages.at(-1)!.data]).toEqual(['m5', `m${CONNECTION_MESSAGE_LIMIT + 4}`])
  })

  it('lists one record per connection on a link, however many of its handlers took it', async () => {
    const link = ws.link('wss://history.test/twice')
    server.use(
      link.addEventListener('connection', () => {}),
      link.addEventListener('connection', ({ client }) => client.send('second')),
    )
    expect(await messages(connect('wss://history.test/twice'), 1)).toEqual(['second'])
    expect(link.connections).toHaveLength(1)
    expect(server.webSocketConnections()).toHaveLength(1)
  })

  it('keeps boundaries apart: each sees only its own connections', async () => {
    const link = ws.link('wss://history.test/scoped/:n')
    const run = server.boundary(async (n: number) => {
      server.use(link.addEventListener('connection', ({ client }) => client.send(`hi ${n}`)))
      expect(await messages(connect(`wss://history.test/scoped/${n}`), 1)).toEqual([`hi ${n}`])
      return server.webSocketConnections().map((connection) => connection.params)
    })
    expect(await Promise.all([run(1), run(2), run(3)])).toEqual([[{ n: '1' }], [{ n: '2' }], [{ n: '3' }]])
    expect(server.webSocketConnections()).toEqual([])
  })

  describe('with server.connect() to a real ws server', () => {
    const real = useRealWebSocketServer()

    it("records the real server's messages the client received, and not the ones a listener prevented", async () => {
      const handler = ws.link(`${real.url}/*`).addEventListener('connection', ({ client, server: upstream }) => {
        upstream.connect()
        upstream.addEventListener('message', (event) => {
          if (String(event.data).startsWith('hello')) {
            event.preventDefault()
            client.send('patched greeting')
          }
        })
      })
      server.use(handler)
      const socket = connect(`${real.url}/recorded`)
      const greeting = messages(socket, 1)
      await opened(socket)
      expect(await greeting).toEqual(['patched greeting'])
      const reply = messages(socket, 1)
      socket.send('one')
      expect(await reply).toEqual(['echo:one'])
      expect(handler.connections[0]!.messages.map(({ direction, data }) => [direction, String(data)])).toEqual([
        ['outgoing', 'patched greeting'],
        ['incoming', 'one'],
        ['outgoing', 'echo:one'],
      ])
    })
  })
})

describe('expected connections (mock.ws)', () => {
  it('assertDone() reports a mock.ws handler that got no connection, with the nearest connection', async () => {
    const chat = mock.ws('wss://expected.test/rooms/:room')
    const handler = chat.addEventListener('connection', () => {})
    server.use(handler, ws.link('wss://expected.test/*').addEventListener('connection', () => {}))
    expect(server.pendingMocks()).toEqual([handler])
    await opened(connect('wss://expected.test/lobby'))
    expect(() => server.assertDone()).toThrow(
      `[mocklib] assertDone(): 1 mock is pending.

  • ws wss://expected.test/rooms/:room — never connected
    nearest connection: wss://expected.test/lobby
    taken by ws wss://expected.test/*`,
    )
    await opened(connect('wss://expected.test/rooms/lobby'))
    expect(server.pendingMocks()).toEqual([])
    expect(() => server.assertDone()).not.toThrow()
    expect(handler.progress).toBe('took 1 connections')
  })

  it('says so when no connection was made at all', () => {
    server.use(mock.ws('wss://expected.test/none').addEventListener('connection', () => {}))
    expect(() => server.assertDone()).toThrow(/ws wss:\/\/expected\.test\/none — never connected\n {4}no WebSocket connection was made in this scope/)
  })

  it('times(n) expects n connections and takes no more; restoreHandlers() re-arms it and forgets its connections', async () => {
    const handler = mock
      .ws('wss://expected.test/limited')
      .addEventListener('connection', ({ client }) => client.send('limited'))
      .times(2)
    server.use(handler, ws.link('wss://expected.test/limited').addEventListener('connection', ({ client }) => client.send('fallback')))
    expect(await messages(connect('wss://expected.test/limited'), 2)).toEqual(['limited', 'fallback'])
    expect(server.pendingMocks().map((pending) => pending.progress)).toEqual(['took 1 of 2 connections'])
    expect(await messages(connect('wss://expected.test/limited'), 2)).toEqual(['limited', 'fallback'])
    expect(server.pendingMocks()).toEqual([])
    expect(await messages(connect('wss://expected.test/limited'), 1)).toEqual(['fallback'])
    expect(handler.connectionCount).toBe(2)

    server.restoreHandlers()
    expect(handler.connections).toEqual([])
    expect(server.pendingMocks()).toEqual([handler])
  })

  it('a plain ws.link handler is not an expectation, even with { once: true }; once limits it all the same', async () => {
    const link = ws.link('wss://expected.test/once')
    server.use(
      link.addEventListener('connection', ({ client }) => client.send('first only'), { once: true }),
      link.addEventListener('connection', ({ client }) => client.send('always')),
    )
    expect(server.pendingMocks()).toEqual([])
    expect(await messages(connect('wss://expected.test/once'), 2)).toEqual(['first only', 'always'])
    expect(await messages(connect('wss://expected.test/once'), 1)).toEqual(['always'])
  })

  it('refuses bad limits and options with a [mocklib] error', () => {
    const link = mock.ws('wss://expected.test/bad')
    expect(() => link.addEventListener('connection', () => {}).times(0)).toThrow(/^\[mocklib\] times\(\) of the WebSocket handler "ws wss:\/\/expected\.test\/bad" got 0/)
    expect(() => link.addEventListener('connection', () => {}).once().times(2)).toThrow(/^\[mocklib\].*got times\(\) after once\(\)/)
    expect(() => link.addEventListener('connection', () => {}, 'once' as never)).toThrow(/^\[mocklib\].*options that are not an object/)
  })
})

describe('unmatched connections', () => {
  it('appear in unhandledRequests() as WebSocket records, and assertNoUnhandledRequests() names them', async () => {
    const real = `wss://unmatched.test/socket`
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    server.close()
    server.listen({ onUnhandledRequest: 'error' })
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      const socket = connect(real)
      await eventsUntilOpen(socket)
      const [record] = server.unhandledRequests()
      expect(record).toMatchObject({ kind: 'websocket', method: 'GET', url: real })
      expect(record!.request.headers.get('upgrade')).toBe('websocket')
      expect(() => server.assertNoUnhandledRequests()).toThrow(`  • WebSocket ${real}`)
    } finally {
      warn.mockRestore()
      error.mockRestore()
      server.close()
      server.listen({ onUnhandledRequest: 'bypass' })
    }
  })
})
