// Issue 23 item 6: what a GraphQL handler runs for a request (matching, answering, content negotiation,
// msw 2's parse/predicate/run), what a subscription handler runs (SSE and graphql-ws) and executeGraphQL's
// body load with the first request or call that needs them, not with `import 'mocklib'`. Every test imports
// mocklib afresh (vi.resetModules), so what it sends right after listen(), in the same tick, is what loads
// that code; the same traffic follows with the code loaded, and both must end alike: same answers, same
// errors, same `once` accounting for concurrent first requests.
import { createClient } from 'graphql-ws'
import { expect, it, vi } from 'vitest'
import { clients, type Client } from './support/clients.js'
import { closeServerAfterEach, failOnUnhandledRejection } from './support/harness.js'

failOnUnhandledRejection()

const closeAfterTest = closeServerAfterEach()

const endpoint = 'http://api.example.test/graphql'

type Mocklib = typeof import('mocklib')
type Server = ReturnType<(typeof import('mocklib/node'))['setupServer']>

/** A fresh mocklib (nothing of it loaded yet), listening with the handlers `handlersOf` makes. */
async function listenFresh(handlersOf: (mocklib: Mocklib) => unknown[]): Promise<{ mocklib: Mocklib; server: Server }> {
  vi.resetModules()
  const mocklib = await import('mocklib')
  const { setupServer } = await import('mocklib/node')
  const server = setupServer(...(handlersOf(mocklib) as Parameters<typeof setupServer>))
  server.listen({ onUnhandledRequest: 'error' })
  closeAfterTest(server)
  return { mocklib, server }
}

const operation = (query: string, variables: Record<string, unknown> = {}) => JSON.stringify({ query, variables })

/** What a client got for one GraphQL POST: status, content type and body (or the error). */
async function post(client: Client, body: string, accept = 'application/json'): Promise<unknown> {
  try {
    const reply = await client(endpoint, { method: 'POST', headers: { 'content-type': 'application/json', accept }, body })
    return { status: reply.status, type: reply.headers['content-type'], body: reply.body }
  } catch (error) {
    return { error: (error as Error).name }
  }
}

function withOperations(mocklib: Mocklib): unknown[] {
  const { graphql, HttpResponse } = mocklib
  return [
    graphql.query('Greeting', ({ variables }) => HttpResponse.json({ data: { greeting: `hello ${String(variables.name)}` } })),
    graphql.link(endpoint).mutation('Rename', ({ variables, operationName }) => HttpResponse.json({ data: { renamed: variables.to, operationName } })),
    graphql.operation(({ operationName, operationType }) => HttpResponse.json({ data: { anonymous: operationName === undefined, operationType } })),
  ]
}

const traffic = [
  [operation('query Greeting { greeting }', { name: 'ada' }), 'application/graphql-response+json, application/json'],
  [operation('mutation Rename($to: String!) { rename(to: $to) }', { to: 'grace' }), 'application/json'],
  [operation('{ anything }'), 'application/json'],
] as const

it.each(clients)('the first GraphQL requests (%s), concurrent and sent in the tick of listen(), are answered like the next', async (_name, client) => {
  await listenFresh(withOperations)
  const first = await Promise.all(traffic.map(([body, accept]) => post(client, body, accept)))
  expect(first).toEqual([
    { status: 200, type: 'application/graphql-response+json', body: JSON.stringify({ data: { greeting: 'hello ada' } }) },
    { status: 200, type: 'application/json', body: JSON.stringify({ data: { renamed: 'grace', operationName: 'Rename' } }) },
    { status: 200, type: 'application/json', body: JSON.stringify({ data: { anonymous: true, operationType: 'query' } }) },
  ])
  expect(await Promise.all(traffic.map(([body, accept]) => post(client, body, accept)))).toEqual(first)
})

it('concurrent first requests use a once handler up exactly as the next do', async () => {
  const { server } = await listenFresh(({ graphql, HttpResponse }) => [
    graphql.query('Count', () => HttpResponse.json({ data: { who: 'once' } }), { once: true }),
    graphql.query('Count', () => HttpResponse.json({ data: { who: 'fallback' } })),
  ])
  const count = operation('query Count { who }')
  const round = async () => {
    const replies = (await Promise.all([1, 2, 3].map(() => post(clients[0]![1], count)))) as { body: string }[]
    return replies.map((reply) => JSON.parse(reply.body).data.who as string).sort()
  }
  const first = await round()
  expect(first).toEqual(['fallback', 'fallback', 'once'])
  server.restoreHandlers()
  expect(await round()).toEqual(first)
})

it('a first request whose resolver throws, one that falls through and one no handler answers end like the next', async () => {
  await listenFresh(({ graphql, HttpResponse }) => [
    graphql.query('Broken', () => {
      throw new Error('resolver failed')
    }),
    graphql.query('Maybe', () => undefined),
    graphql.query('Maybe', () => HttpResponse.json({ data: { maybe: 'second handler' } })),
  ])
  const printed = vi.spyOn(console, 'error').mockImplementation(() => {})
  const round = async () => {
    const broken = (await post(clients[0]![1], operation('query Broken { x }'))) as { status: number; body: string }
    const maybe = await post(clients[0]![1], operation('query Maybe { x }'))
    const unknown = await post(clients[0]![1], operation('query Unknown { x }'))
    return { broken: { status: broken.status, message: JSON.parse(broken.body).message as string }, maybe, unknown }
  }
  const first = await round()
  expect(first).toEqual({
    broken: { status: 500, message: 'resolver failed' },
    maybe: { status: 200, type: 'application/json', body: JSON.stringify({ data: { maybe: 'second handler' } }) },
    unknown: { error: 'TypeError' },
  })
  const firstPrinted = printed.mock.calls.map((call) => String(call[0]))
  expect(firstPrinted.join('\n')).toMatch(/query "Unknown"; match it with graphql\.query\('Unknown', resolver\)/)
  printed.mockClear()
  expect(await round()).toEqual(first)
  expect(printed.mock.calls.map((call) => String(call[0]))).toEqual(firstPrinted)
  printed.mockRestore()
})

it('the first GraphQL-over-SSE subscription is streamed like the next', async () => {
  await listenFresh(({ graphql }) => [
    graphql.subscription('OnCount', async function* ({ variables }) {
      for (let count = 1; count <= Number(variables.to); count++) yield { data: { count } }
    }),
  ])
  const subscribe = () => post(clients[0]![1], operation('subscription OnCount($to: Int!) { count(to: $to) }', { to: 2 }), 'text/event-stream')
  const first = await subscribe()
  expect(first).toMatchObject({ status: 200, type: expect.stringMatching(/^text\/event-stream/) })
  expect((first as { body: string }).body).toMatch(/^event: ?next\ndata: ?\{"data":\{"count":1\}\}\n\nevent: ?next\ndata: ?\{"data":\{"count":2\}\}\n\nevent: ?complete\n/)
  expect(await subscribe()).toEqual(first)
})

it('the first graphql-ws subscriptions, on two concurrent connections, are answered like the next', async () => {
  await listenFresh(({ graphql }) => [
    graphql.link('ws://api.example.test/graphql').subscription('OnCount', async function* ({ variables, transport }) {
      for (let count = 1; count <= Number(variables.to); count++) yield { data: { count, transport } }
    }),
  ])
  const subscribeOnce = async () => {
    const client = createClient({ url: 'ws://api.example.test/graphql', webSocketImpl: globalThis.WebSocket, lazy: true, retryAttempts: 0 })
    try {
      const values: unknown[] = []
      for await (const result of client.iterate({ query: 'subscription OnCount($to: Int!) { count(to: $to) }', variables: { to: 2 } })) values.push(result)
      return values
    } finally {
      await client.dispose()
    }
  }
  const first = await Promise.all([subscribeOnce(), subscribeOnce()])
  const values = [{ data: { count: 1, transport: 'graphql-ws' } }, { data: { count: 2, transport: 'graphql-ws' } }]
  expect(first).toEqual([values, values])
  expect(await Promise.all([subscribeOnce(), subscribeOnce()])).toEqual(first)
})

it('the first resolveWithSchema() answer and executeGraphQL() call are those of the next', async () => {
  const schema = 'type Query { posts(first: Int!): [String!]! }'
  const { mocklib } = await listenFresh(({ graphql, resolveWithSchema }) => [
    graphql.operation(resolveWithSchema(schema, { posts: ({ first }: { first: number }) => ['a', 'b', 'c'].slice(0, first) })),
  ])
  const ask = () => post(clients[0]![1], operation('query Posts { posts(first: 2) }'))
  const first = await ask()
  expect(first).toEqual({ status: 200, type: 'application/json', body: JSON.stringify({ data: { posts: ['a', 'b'] } }) })
  expect(await ask()).toEqual(first)

  vi.resetModules()
  const { executeGraphQL } = await import('mocklib')
  const invalid = () => executeGraphQL({ schema: 'type Query {', query: '{ a }' }).then(String, (error: Error) => `${error.name}: ${error.message}`)
  const firstError = await invalid()
  expect(firstError).toMatch(/^TypeError: \[mocklib\] executeGraphQL\(\) got schema SDL that does not build/)
  expect(await invalid()).toBe(firstError)
  expect(mocklib.executeGraphQL).not.toBe(executeGraphQL)
})

const parsedGetUser = { match: { matches: true, params: {} }, cookies: {}, query: 'query GetUser { user }', operationType: 'query' as const, operationName: 'GetUser', variables: {} }

/** Each of msw 2's methods, called first on a fresh mocklib: what it gave. */
const mswMethods = {
  run: async (handler: InstanceType<Mocklib['GraphQLHandler']>, request: () => Request) => {
    const result = await handler.run({ request: request(), requestId: 'r1' })
    return { parsed: result?.parsedResult, body: await result?.response?.json() }
  },
  parse: (handler: InstanceType<Mocklib['GraphQLHandler']>, request: () => Request) => handler.parse({ request: request() }),
  predicate: (handler: InstanceType<Mocklib['GraphQLHandler']>, request: () => Request) => handler.predicate({ request: request(), parsedResult: parsedGetUser }),
  test: (handler: InstanceType<Mocklib['GraphQLHandler']>, request: () => Request) => handler.test({ request: request() }),
}

it.each(Object.entries(mswMethods))("msw 2's %s() as the first call on a fresh GraphQL handler gives what the next call gives", async (name, call) => {
  vi.resetModules()
  const { GraphQLHandler, HttpResponse } = await import('mocklib')
  const request = () => new Request(endpoint, { method: 'POST', headers: { 'content-type': 'application/json' }, body: operation('query GetUser { user }') })
  const handler = new GraphQLHandler('query', 'GetUser', '*', () => HttpResponse.json({ data: { user: 'ada' } }))
  const first = await call(handler, request)
  const expected = { run: { parsed: parsedGetUser, body: { data: { user: 'ada' } } }, parse: parsedGetUser, predicate: true, test: true }
  expect(first).toEqual(expected[name as keyof typeof expected])
  expect(await call(handler, request)).toEqual(first)
})
