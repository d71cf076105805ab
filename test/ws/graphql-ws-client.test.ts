// A graphql-ws client (the `graphql-ws` package, with Node's global WebSocket
// and with the `ws` package's client)
// against a ws.link handler that speaks the graphql-transport-ws protocol:
// the link sees the subprotocol, the handshake and a subscription.
import { createClient } from 'graphql-ws'
import { ws } from 'mocklib'
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import WsPackageWebSocket from 'ws'
import { failOnUnhandledRejection } from '../integration/support/harness.js'
import { setupServer } from 'mocklib/node'

type ClientMessage =
  | { type: 'connection_init'; payload?: Record<string, unknown> }
  | { type: 'subscribe'; id: string; payload: { query: string; variables?: Record<string, unknown> } }
  | { type: 'complete'; id: string }
  | { type: 'ping' | 'pong' }
type ServerMessage =
  | { type: 'connection_ack' }
  | { type: 'next'; id: string; payload: { data: unknown } }
  | { type: 'complete'; id: string }

const api = ws.link<{ incoming: ClientMessage; outgoing: ServerMessage }>('ws://graphql.test/graphql', { parse: ws.json })
const server = setupServer()
failOnUnhandledRejection()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

// Read when the test runs: the global is patched by listen(), after this module loaded.
const implementations = [
  ["Node's global WebSocket", () => globalThis.WebSocket],
  ["the ws package's WebSocket", () => WsPackageWebSocket],
] as const

it.each(implementations)('answers a subscription over %s: ack, three typed "next" messages, complete', async (_name, implementation) => {
  const webSocketImpl = implementation()
  const seen: { protocols: unknown; init?: unknown } = { protocols: undefined }
  server.use(
    api.addEventListener('connection', ({ client, info }) => {
      seen.protocols = info.protocols
      client.addEventListener('message', (event) => {
        const message = event.data
        if (message.type === 'connection_init') {
          seen.init = message.payload
          client.send({ type: 'connection_ack' })
        } else if (message.type === 'subscribe') {
          const { id } = message
          const to = Number(message.payload.variables?.to ?? 0)
          for (let count = 1; count <= to; count++) client.send({ type: 'next', id, payload: { data: { count } } })
          client.send({ type: 'complete', id })
        }
      })
    }),
  )
  const client = createClient({ url: 'ws://graphql.test/graphql', webSocketImpl, connectionParams: { token: 't' }, lazy: true, retryAttempts: 0 })
  try {
    const values: unknown[] = []
    for await (const result of client.iterate({ query: 'subscription ($to: Int!) { count(to: $to) }', variables: { to: 3 } })) values.push(result.data)
    expect(values).toEqual([{ count: 1 }, { count: 2 }, { count: 3 }])
    expect(seen).toEqual({ protocols: 'graphql-transport-ws', init: { token: 't' } })
  } finally {
    await client.dispose()
  }
})
