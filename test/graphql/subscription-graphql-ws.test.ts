// graphql.subscription over graphql-ws: the `graphql-ws` package's client, with
// Node's global WebSocket and with the `ws` package's client, through setupServer.
import { parse } from 'graphql'
import { createClient, type Client } from 'graphql-ws'
import { graphql, type TypedDocumentDecoration } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import WsPackageWebSocket from 'ws'
import { failOnUnhandledRejection } from '../integration/support/harness.js'

type CountData = { count: number }
type CountVariables = { to: number }
const OnCount = parse('subscription OnCount($to: Int!) { count(to: $to) }') as ReturnType<typeof parse> & TypedDocumentDecoration<CountData, CountVariables>
const ON_COUNT = 'subscription OnCount($to: Int!) { count(to: $to) }'

const seen: { variables: unknown[]; transports: unknown[]; params: unknown[]; finally: number } = { variables: [], transports: [], params: [], finally: 0 }
let release: (() => void) | undefined

const server = setupServer(
  graphql.subscription(OnCount, async function* ({ variables, transport, connectionParams }) {
    seen.variables.push(variables)
    seen.transports.push(transport)
    seen.params.push(connectionParams)
    for (let count = 1; count <= variables.to; count++) yield { data: { count } }
  }),
  graphql.subscription('Forever', async function* ({ signal }) {
    try {
      for (let tick = 1; ; tick++) {
        yield { data: { tick } }
        await new Promise((resolve) => setTimeout(resolve, 5))
        if (signal.aborted) return
      }
    } finally {
      seen.finally++
      release?.()
    }
  }),
  graphql.subscription('Broken', async function* () {
    yield { data: { ok: true } }
    throw new Error('the feed broke')
  }),
)
failOnUnhandledRejection()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  server.resetHandlers()
  seen.variables = []
  seen.transports = []
  seen.params = []
  seen.finally = 0
})
afterAll(() => server.close())

// Read when the test runs: listen() patches the global, after this module loaded.
const implementations = [
  ["Node's global WebSocket", () => globalThis.WebSocket],
  ["the ws package's WebSocket", () => WsPackageWebSocket],
] as const

function clientFor(webSocketImpl: unknown, url = 'ws://api.test/graphql'): Client {
  return createClient({ url, webSocketImpl, connectionParams: { token: 't' }, lazy: true, retryAttempts: 0 })
}

async function collect(client: Client, query: string, variables?: Record<string, unknown>): Promise<unknown[]> {
  const values: unknown[] = []
  for await (const result of client.iterate({ query, ...(variables && { variables }) })) values.push(result)
  return values
}

describe.each(implementations)('graphql-ws over %s', (_name, implementation) => {
  it('receives a typed subscription: three "next", then complete; variables and connectionParams reach the resolver', async () => {
    const client = clientFor(implementation())
    try {
      const values = await collect(client, ON_COUNT, { to: 3 })
      expect(values).toEqual([{ data: { count: 1 } }, { data: { count: 2 } }, { data: { count: 3 } }])
      expect(seen.variables).toEqual([{ to: 3 }])
      expect(seen.transports).toEqual(['graphql-ws'])
      expect(seen.params).toEqual([{ token: 't' }])
    } finally {
      await client.dispose()
    }
  })

  it('stops the generator when the client unsubscribes (its finally runs)', async () => {
    const stopped = new Promise<void>((resolve) => (release = resolve))
    const client = clientFor(implementation())
    try {
      const ticks: unknown[] = []
      for await (const result of client.iterate({ query: 'subscription Forever { tick }' })) {
        ticks.push(result.data)
        if (ticks.length === 2) break // the client sends "complete"
      }
      await stopped
      expect(ticks).toEqual([{ tick: 1 }, { tick: 2 }])
      expect(seen.finally).toBe(1)
    } finally {
      await client.dispose()
    }
  })

  it('answers a resolver that throws with an "error" message, and keeps serving the connection', async () => {
    const errors: unknown[] = []
    server.events.on('unhandledException', ({ error }) => errors.push(error.message))
    const client = clientFor(implementation())
    try {
      const received: unknown[] = []
      await expect(
        (async () => {
          for await (const result of client.iterate({ query: 'subscription Broken { ok }' })) received.push(result)
        })(),
      ).rejects.toEqual([{ message: 'the feed broke' }])
      expect(received).toEqual([{ data: { ok: true } }])
      // The same (lazy) connection still answers.
      expect(await collect(client, ON_COUNT, { to: 1 })).toEqual([{ data: { count: 1 } }])
      expect(errors).toEqual(['the feed broke'])
    } finally {
      server.events.removeAllListeners('unhandledException')
      await client.dispose()
    }
  })
})

describe('graphql-ws handler lookup', () => {
  it('answers an unknown subscription with an "error" message that names it', async () => {
    const client = clientFor(WsPackageWebSocket)
    try {
      await expect(collect(client, 'subscription Unknown { x }')).rejects.toEqual([
        { message: expect.stringMatching(/^\[mocklib\] No graphql\.subscription\(\) handler answers the subscription "Unknown" on ws:\/\/api\.test\/graphql/) },
      ])
    } finally {
      await client.dispose()
    }
  })

  it('tries subscription handlers in list order: an override first, a resolver that returns nothing falls through', async () => {
    const calls: string[] = []
    server.use(
      graphql.subscription('OnCount', () => {
        calls.push('fall through')
        return undefined
      }),
      graphql.subscription(/^On/, async function* () {
        calls.push('override')
        yield { data: { count: 42 } }
      }),
    )
    const client = clientFor(globalThis.WebSocket)
    try {
      expect(await collect(client, ON_COUNT, { to: 3 })).toEqual([{ data: { count: 42 } }])
      expect(calls).toEqual(['fall through', 'override'])
    } finally {
      await client.dispose()
    }
  })

  it('scopes graphql.link(url) subscriptions to their endpoint (ws: read as http:)', async () => {
    server.use(
      graphql.link('http://other.test/graphql').subscription('OnCount', async function* () {
        yield { data: { count: -1 } }
      }),
    )
    const other = clientFor(WsPackageWebSocket, 'ws://other.test/graphql')
    const api = clientFor(WsPackageWebSocket)
    try {
      expect(await collect(other, ON_COUNT, { to: 2 })).toEqual([{ data: { count: -1 } }])
      expect(await collect(api, ON_COUNT, { to: 2 })).toEqual([{ data: { count: 1 } }, { data: { count: 2 } }])
    } finally {
      await other.dispose()
      await api.dispose()
    }
  })

  it('leaves sockets without the graphql-transport-ws subprotocol to the unhandled-request policy', async () => {
    const socket = new WsPackageWebSocket('ws://api.test/graphql')
    const outcome = await new Promise<string>((resolve) => {
      socket.on('open', () => resolve('open'))
      socket.on('error', (error) => resolve(`error: ${error.message}`))
    })
    socket.close()
    expect(outcome).toMatch(/^error: /)
  })
})
