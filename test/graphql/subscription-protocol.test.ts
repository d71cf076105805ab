// The graphql-transport-ws protocol as mocklib plays it, seen by a raw `ws`
// client: handshake, ping/pong, close codes for protocol violations, several
// subscriptions on one socket, the socket closing, `once`, and boundaries.
import { graphql } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { failOnUnhandledRejection } from '../integration/support/harness.js'

const URL = 'ws://api.test/graphql'
let finallyRuns = 0
const finished: (() => void)[] = []

const server = setupServer(
  graphql.subscription('Count', async function* ({ variables }) {
    for (let count = 1; count <= Number(variables.to); count++) yield { data: { count } }
  }),
  graphql.subscription('Forever', async function* () {
    try {
      for (let tick = 1; ; tick++) {
        yield { data: { tick } }
        await new Promise((resolve) => setTimeout(resolve, 5))
      }
    } finally {
      finallyRuns++
      finished.shift()?.()
    }
  }),
)
failOnUnhandledRejection()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  server.resetHandlers()
  finallyRuns = 0
})
afterAll(() => server.close())

type Message = { type: string; id?: string; payload?: unknown }

/** A raw graphql-transport-ws socket: every message it received, and the close. */
async function open(): Promise<{ socket: WebSocket; messages: Message[]; closed: Promise<{ code: number; reason: string }>; next(): Promise<Message> }> {
  const socket = new WebSocket(URL, 'graphql-transport-ws')
  const messages: Message[] = []
  const waiting: ((message: Message) => void)[] = []
  let unread = 0
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as Message
    messages.push(message)
    const waiter = waiting.shift()
    if (waiter) waiter(message)
    else unread++
  })
  const closed = new Promise<{ code: number; reason: string }>((resolve) => socket.on('close', (code, reason) => resolve({ code, reason: String(reason) })))
  await new Promise((resolve, reject) => {
    socket.once('open', resolve)
    socket.once('error', reject)
  })
  const next = () => {
    if (unread > 0) {
      unread--
      return Promise.resolve(messages[messages.length - 1 - unread]!)
    }
    return new Promise<Message>((resolve) => waiting.push(resolve))
  }
  return { socket, messages, closed, next }
}

const send = (socket: WebSocket, message: Message) => socket.send(JSON.stringify(message))

describe('graphql-transport-ws protocol', () => {
  it('acknowledges connection_init, answers ping with pong (echoing the payload)', async () => {
    const { socket, next } = await open()
    send(socket, { type: 'connection_init' })
    expect(await next()).toEqual({ type: 'connection_ack' })
    send(socket, { type: 'ping', payload: { at: 1 } })
    expect(await next()).toEqual({ type: 'pong', payload: { at: 1 } })
    socket.close()
  })

  it('closes with 4401 on a subscribe before connection_init', async () => {
    const { socket, closed } = await open()
    send(socket, { type: 'subscribe', id: '1', payload: { query: 'subscription Count { count }' } })
    expect(await closed).toEqual({ code: 4401, reason: 'Unauthorized' })
  })

  it('closes with 4429 on a second connection_init and 4400 on a message that is not JSON', async () => {
    const first = await open()
    send(first.socket, { type: 'connection_init' })
    await first.next()
    send(first.socket, { type: 'connection_init' })
    expect(await first.closed).toEqual({ code: 4429, reason: 'Too many initialisation requests' })
    const second = await open()
    second.socket.send('not json')
    expect(await second.closed).toEqual({ code: 4400, reason: 'Invalid message received' })
  })

  it('closes with 4409 when a subscription id is reused while it runs', async () => {
    const { socket, next, closed } = await open()
    const stopped = new Promise<void>((resolve) => finished.push(resolve))
    send(socket, { type: 'connection_init' })
    await next()
    send(socket, { type: 'subscribe', id: 'a', payload: { query: 'subscription Forever { tick }' } })
    await next()
    send(socket, { type: 'subscribe', id: 'a', payload: { query: 'subscription Forever { tick }' } })
    expect(await closed).toEqual({ code: 4409, reason: 'Subscriber for a already exists' })
    await stopped
    expect(finallyRuns).toBe(1)
  })

  it('runs several subscriptions on one socket; closing the socket stops the running ones', async () => {
    const { socket, messages, next } = await open()
    const stopped = new Promise<void>((resolve) => finished.push(resolve))
    send(socket, { type: 'connection_init' })
    await next()
    send(socket, { type: 'subscribe', id: 'forever', payload: { query: 'subscription Forever { tick }' } })
    send(socket, { type: 'subscribe', id: 'count', payload: { query: 'subscription Count($to: Int!) { count(to: $to) }', variables: { to: 2 } } })
    while (!messages.some((message) => message.type === 'complete' && message.id === 'count')) await next()
    expect(messages.filter((message) => message.id === 'count')).toEqual([
      { type: 'next', id: 'count', payload: { data: { count: 1 } } },
      { type: 'next', id: 'count', payload: { data: { count: 2 } } },
      { type: 'complete', id: 'count' },
    ])
    expect(messages.some((message) => message.id === 'forever' && message.type === 'next')).toBe(true)
    socket.close()
    await stopped
    expect(finallyRuns).toBe(1)
  })

  it('answers a query sent over graphql-ws with an error that says to use HTTP', async () => {
    const { socket, next } = await open()
    send(socket, { type: 'connection_init' })
    await next()
    send(socket, { type: 'subscribe', id: 'q', payload: { query: 'query Me { me }' } })
    expect(await next()).toEqual({ type: 'error', id: 'q', payload: [{ message: expect.stringContaining('mocklib answers only subscriptions over graphql-ws') }] })
    socket.close()
  })
})

describe('handler list semantics over graphql-ws', () => {
  it('uses a { once: true } subscription handler for one subscription, then the next handler answers', async () => {
    server.use(
      graphql.subscription(
        'Count',
        async function* () {
          yield { data: { count: 'once' } }
        },
        { once: true },
      ),
    )
    const { socket, next } = await open()
    send(socket, { type: 'connection_init' })
    await next()
    const subscribe = async (id: string) => {
      send(socket, { type: 'subscribe', id, payload: { query: 'subscription Count($to: Int!) { count(to: $to) }', variables: { to: 1 } } })
      const first = await next()
      await next() // complete
      return first
    }
    expect(await subscribe('1')).toEqual({ type: 'next', id: '1', payload: { data: { count: 'once' } } })
    expect(await subscribe('2')).toEqual({ type: 'next', id: '2', payload: { data: { count: 1 } } })
    socket.close()
  })

  it('keeps overrides inside their boundary: 20 concurrent boundaries each see their own handler', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        server.boundary(async () => {
          server.use(
            graphql.subscription('Count', async function* () {
              yield { data: { count: `boundary ${index}` } }
            }),
          )
          const { socket, next } = await open()
          send(socket, { type: 'connection_init' })
          await next()
          send(socket, { type: 'subscribe', id: 'x', payload: { query: 'subscription Count { count }' } })
          const answer = await next()
          socket.close()
          return answer.payload
        })(),
      ),
    )
    expect(results).toEqual(Array.from({ length: 20 }, (_, index) => ({ data: { count: `boundary ${index}` } })))
    // Outside every boundary, the initial handler answers.
    const { socket, next } = await open()
    send(socket, { type: 'connection_init' })
    await next()
    send(socket, { type: 'subscribe', id: 'y', payload: { query: 'subscription Count($to: Int!) { count(to: $to) }', variables: { to: 1 } } })
    expect((await next()).payload).toEqual({ data: { count: 1 } })
    socket.close()
  })
})
