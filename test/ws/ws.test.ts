// ws.link with Node's global WebSocket: echo, params and protocols, broadcast,
// broadcastExcept, typed JSON links, close codes, 1011 on throwing listeners,
// stopPropagation across links, overrides, unhandled connections, and
// server.connect() to a real `ws` server with event patching both ways.
import { ws } from 'mocklib'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { failOnUnhandledRejection } from '../integration/support/harness.js'
import { setupServer } from 'mocklib/node'
import { closed, eventsUntilOpen, messages, opened, useRealWebSocketServer, useGlobalSockets } from './support.js'

const server = setupServer()
failOnUnhandledRejection()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const connect = useGlobalSockets()

describe('mocked connections', () => {
  it('echoes messages back to the client', async () => {
    const echo = ws.link('wss://echo.test')
    server.use(
      echo.addEventListener('connection', ({ client }) => {
        client.addEventListener('message', (event) => client.send(`echo:${String(event.data)}`))
      }),
    )
    const socket = connect('wss://echo.test')
    await opened(socket)
    const replies = messages(socket, 2)
    socket.send('one')
    socket.send('two')
    expect(await replies).toEqual(['echo:one', 'echo:two'])
  })

  it('gives the listener params from the URL, the client id and url, and the requested protocols', async () => {
    const chat = ws.link('wss://chat.test/rooms/:room')
    const seen: unknown[] = []
    server.use(
      chat.addEventListener('connection', ({ client, params, info }) => {
        seen.push({ room: params.room, url: client.url.href, id: typeof client.id, protocols: info.protocols })
      }),
    )
    await opened(connect('wss://chat.test/rooms/lobby', ['chat.v2', 'chat.v1']))
    expect(seen).toEqual([{ room: 'lobby', url: 'wss://chat.test/rooms/lobby', id: 'string', protocols: ['chat.v2', 'chat.v1'] }])
  })

  it('matches a RegExp link against the full URL, with named groups as params', async () => {
    const feed = ws.link(/^wss:\/\/feed\.test\/(?<topic>\w+)$/)
    server.use(feed.addEventListener('connection', ({ client, params }) => client.send(`topic ${params.topic}`)))
    expect(await messages(connect('wss://feed.test/prices'), 1)).toEqual(['topic prices'])
  })

  it('broadcasts to three clients, and broadcastExcept skips the sender', async () => {
    const room = ws.link('wss://room.test')
    server.use(
      room.addEventListener('connection', ({ client }) => {
        client.addEventListener('message', (event) => room.broadcastExcept(client, `relay:${String(event.data)}`))
      }),
    )
    const [a, b, c] = [connect('wss://room.test'), connect('wss://room.test'), connect('wss://room.test')]
    await Promise.all([opened(a!), opened(b!), opened(c!)])
    await vi.waitFor(() => expect(room.clients.size).toBe(3))

    const all = Promise.all([messages(a!, 1), messages(b!, 1), messages(c!, 1)])
    room.broadcast('to everyone')
    expect(await all).toEqual([['to everyone'], ['to everyone'], ['to everyone']])

    const others = Promise.all([messages(b!, 1), messages(c!, 1)])
    const aReceived: string[] = []
    a!.addEventListener('message', (event) => aReceived.push(String(event.data)))
    a!.send('from a')
    expect(await others).toEqual([['relay:from a'], ['relay:from a']])
    expect(aReceived).toEqual([])

    const gone = closed(c!)
    c!.close()
    await gone
    await vi.waitFor(() => expect(room.clients.size).toBe(2))
  })

  it('types and parses JSON messages on a typed link, and sends objects as JSON', async () => {
    type Say = { type: 'say'; text: string }
    type Said = { type: 'said'; text: string; length: number }
    const chat = ws.link<{ incoming: Say; outgoing: Said }>('wss://typed.test', { parse: ws.json })
    server.use(
      chat.addEventListener('connection', ({ client }) => {
        client.addEventListener('message', (event) => {
          client.send({ type: 'said', text: event.data.text.toUpperCase(), length: event.data.text.length })
        })
      }),
    )
    const socket = connect('wss://typed.test')
    await opened(socket)
    const reply = messages(socket, 1)
    socket.send(JSON.stringify({ type: 'say', text: 'hi' }))
    expect((await reply).map((text) => JSON.parse(text))).toEqual([{ type: 'said', text: 'HI', length: 2 }])
  })

  it('closes the client with the code and reason the handler gives, and sees the client close', async () => {
    const link = ws.link('wss://close.test')
    const clientClosed: Array<{ code: number; reason: string }> = []
    server.use(
      link.addEventListener('connection', ({ client }) => {
        client.addEventListener('message', (event) => {
          if (event.data === 'leave') client.close(4001, 'asked to leave')
        })
        client.addEventListener('close', (event) => clientClosed.push({ code: event.code, reason: event.reason }))
      }),
    )
    const first = connect('wss://close.test')
    await opened(first)
    const firstClosed = closed(first)
    first.send('leave')
    expect(await firstClosed).toEqual({ code: 4001, reason: 'asked to leave' })

    const second = connect('wss://close.test')
    await opened(second)
    second.close(3000, 'client done')
    await vi.waitFor(() => expect(clientClosed).toContainEqual({ code: 3000, reason: 'client done' }))
  })
})

describe('errors', () => {
  it('closes the client with 1011 when the connection listener throws, and reports the error', async () => {
    const errors: string[] = []
    const listener = ({ error }: { error: Error }) => errors.push(error.message)
    server.events.on('unhandledException', listener)
    try {
      server.use(
        ws.link('wss://broken.test').addEventListener('connection', () => {
          throw new Error('listener failed')
        }),
      )
      expect((await closed(connect('wss://broken.test'))).code).toBe(1011)
      expect(errors).toEqual(['listener failed'])
    } finally {
      server.events.removeListener('unhandledException', listener)
    }
  })

  it('closes the client with 1011 when a message listener throws, and prints why', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      server.use(
        ws.link('wss://broken.test').addEventListener('connection', ({ client }) => {
          client.addEventListener('message', () => {
            throw new Error('message listener failed')
          })
        }),
      )
      const socket = connect('wss://broken.test')
      await opened(socket)
      const done = closed(socket)
      socket.send('boom')
      expect((await done).code).toBe(1011)
      expect(String(error.mock.calls[0]?.[0])).toMatch(/^\[mocklib\] a "message" listener of the WebSocket handler "ws wss:\/\/broken.test" threw/)
      expect(error.mock.calls[0]?.[1]).toEqual(new Error('message listener failed'))
    } finally {
      error.mockRestore()
    }
  })

  it('refuses a connection no link matches under onUnhandledRequest "error": error (the policy\'s error as its cause), then open with no server, as msw 2.15', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      const socket = connect('wss://nobody.test/socket')
      const [refused, ...rest] = await eventsUntilOpen(socket)
      expect(refused).toMatch(/^error: \[mocklib\] Error: intercepted a request without a matching request handler:\s+• GET wss:\/\/nobody\.test\/socket/)
      expect(rest).toEqual(['open'])
      expect(error.mock.calls.flat().join(' ')).toContain('nobody.test/socket')
    } finally {
      error.mockRestore()
    }
  })
})

describe('several handlers', () => {
  it('gives a connection to every matching handler; stopPropagation stops the other handlers only', async () => {
    const calls: string[] = []
    const first = ws.link('wss://multi.test')
    const second = ws.link('wss://multi.test')
    server.use(
      first.addEventListener('connection', ({ client }) => {
        client.addEventListener('message', (event) => {
          calls.push(`first:${String(event.data)}`)
          if (event.data === 'stop') event.stopPropagation()
        })
        client.addEventListener('message', (event) => calls.push(`first again:${String(event.data)}`))
      }),
      second.addEventListener('connection', ({ client }) => {
        client.addEventListener('message', (event) => calls.push(`second:${String(event.data)}`))
      }),
    )
    const socket = connect('wss://multi.test')
    await opened(socket)
    socket.send('go')
    socket.send('stop')
    await vi.waitFor(() => expect(calls.length).toBe(5))
    expect(calls).toEqual(['first:go', 'first again:go', 'second:go', 'first:stop', 'first again:stop'])
  })

  it('server.use adds handlers for one test; resetHandlers removes them', async () => {
    const link = ws.link('wss://override.test')
    server.use(link.addEventListener('connection', ({ client }) => client.send('first')))
    server.use(link.addEventListener('connection', ({ client }) => client.send('override')))
    // Every matching handler takes the connection, the newest first (as msw).
    expect(await messages(connect('wss://override.test'), 2)).toEqual(['override', 'first'])
    server.resetHandlers()
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      expect((await eventsUntilOpen(connect('wss://override.test'))).map((event) => event.split(':')[0])).toEqual(['error', 'open'])
    } finally {
      error.mockRestore()
    }
  })
})

describe('handlers in the list', () => {
  it('are mocklib handlers of kind "websocket", listed with their URL, mixed with http handlers', async () => {
    const { http, HttpResponse, isHandler } = await import('mocklib')
    const handler = ws.link('wss://listed.test/:room').addEventListener('connection', () => {})
    server.use(handler, http.get('https://listed.test/health', () => HttpResponse.text('ok')))
    expect(isHandler(handler)).toBe(true)
    expect(handler.kind).toBe('websocket')
    expect(server.listHandlers().map((listed) => listed.info.header)).toEqual(['ws wss://listed.test/:room', 'GET https://listed.test/health'])
  })

  it('refuses a link with a bad URL or listener at creation, naming what to do', () => {
    expect(() => ws.link(42 as never)).toThrow(/^\[mocklib\] ws\.link\(\) expects a URL string or a RegExp, but got number/)
    expect(() => ws.link('wss://x.test').addEventListener('connection', 'nope' as never)).toThrow(/^\[mocklib\].*expects a listener function/)
    expect(() => ws.link('wss://x.test').addEventListener('message' as never, () => {})).toThrow(/^\[mocklib\].*links only have "connection"/)
  })
})

describe('server.connect() to a real ws server', () => {
  const real = useRealWebSocketServer()

  it('forwards both ways, and patches events both ways with preventDefault', async () => {
    server.use(
      ws.link(`${real.url}/*`).addEventListener('connection', ({ client, server: upstream }) => {
        upstream.connect()
        // Client → server: hide "secret", rewrite "shout".
        client.addEventListener('message', (event) => {
          if (event.data === 'secret') event.preventDefault()
          if (event.data === 'shout') {
            event.preventDefault()
            upstream.send('SHOUT')
          }
        })
        // Server → client: rewrite the greeting.
        upstream.addEventListener('message', (event) => {
          if (String(event.data).startsWith('hello')) {
            event.preventDefault()
            client.send('patched greeting')
          }
        })
      }),
    )
    const socket = connect(`${real.url}/live`, 'proto.a')
    const replies = messages(socket, 3)
    await opened(socket)
    socket.send('secret')
    socket.send('shout')
    socket.send('plain')
    expect(await replies).toEqual(['patched greeting', 'echo:SHOUT', 'echo:plain'])
    expect(real.received).toEqual(['SHOUT', 'plain'])
    expect(real.protocols.at(-1)).toBe('proto.a')
  })

  it("forwards the real server's close code to the client, and the handler sees it", async () => {
    const serverClosed: number[] = []
    server.use(
      ws.link(`${real.url}/*`).addEventListener('connection', ({ server: upstream }) => {
        upstream.connect()
        upstream.addEventListener('close', (event) => serverClosed.push(event.code))
      }),
    )
    const socket = connect(`${real.url}/closing`)
    const greeting = messages(socket, 1)
    await opened(socket)
    await greeting
    const done = closed(socket)
    socket.send('bye')
    expect(await done).toEqual({ code: 4002, reason: 'real server says bye' })
    expect(serverClosed).toEqual([4002])
  })

  it('warns about an unmatched connection under onUnhandledRequest "warn" and connects it to the real server', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    server.close()
    server.listen({ onUnhandledRequest: 'warn' })
    try {
      const socket = connect(`${real.url}/warned`)
      expect(await messages(socket, 1)).toEqual(['hello from the real server'])
      expect(warn.mock.calls.flat().join(' ')).toMatch(/^\[mocklib\][\s\S]*127\.0\.0\.1:\d+\/warned/)
    } finally {
      warn.mockRestore()
      server.close()
      server.listen({ onUnhandledRequest: 'error' })
    }
  })

  it('lets an unmatched connection through to the real server under onUnhandledRequest "bypass"', async () => {
    server.close()
    server.listen({ onUnhandledRequest: 'bypass' })
    try {
      const socket = connect(`${real.url}/unhandled`)
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
