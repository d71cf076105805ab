// GraphQL subscriptions over the wire: one graphql.subscription handler answers a graphql-ws client (Node's
// global WebSocket, in another process) through the mock server's WebSocket upgrade, and a GraphQL-over-SSE
// client (curl); the resolver's finally runs when the client leaves.
import { graphql } from 'mocklib'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createMockServer, type MockServer } from '../../src/api/server.js'
import { curl, inChildProcess } from './clients.js'

let server: MockServer
const finished: string[] = []

beforeAll(async () => {
  server = await createMockServer([
    graphql.subscription('OnCount', async function* ({ variables, transport }) {
      try {
        for (let count = 1; count <= Number(variables.to); count++) yield { data: { count } }
      } finally {
        finished.push(transport)
      }
    }),
  ])
})
afterAll(() => server.close())

it('answers a graphql-ws client in another process over the upgraded socket', async () => {
  const results = await inChildProcess<unknown[]>(`
    import { createClient } from ${JSON.stringify(import.meta.resolve('graphql-ws'))}
    const client = createClient({ url: '${server.url.replace('http:', 'ws:')}/graphql', webSocketImpl: WebSocket, retryAttempts: 0 })
    const results = []
    await new Promise((resolve, reject) => client.subscribe(
      { query: 'subscription OnCount($to: Int!) { count(to: $to) }', variables: { to: 3 } },
      { next: (result) => results.push(result), error: (error) => reject(new Error(String(error?.reason ?? error))), complete: resolve },
    ))
    await client.dispose()
    console.log(JSON.stringify(results))`)
  expect(results).toEqual([{ data: { count: 1 } }, { data: { count: 2 } }, { data: { count: 3 } }])
  await expect.poll(() => finished).toContain('graphql-ws')
})

it('answers GraphQL over SSE (distinct connections) to curl, event by event, ending with complete', async () => {
  const answer = await curl('-N', '-H', 'accept: text/event-stream', '-H', 'content-type: application/json', '--data', JSON.stringify({ query: 'subscription OnCount($to: Int!) { count(to: $to) }', variables: { to: 2 } }), `${server.url}/graphql`)
  expect(answer.headers['content-type']?.[0]).toMatch(/^text\/event-stream/)
  const events = answer.body.split('\n\n').filter((block) => block.includes('event:')).map((block) => ({ event: /^event: ?(.*)$/m.exec(block)?.[1], data: /^data: ?(.*)$/m.exec(block)?.[1] }))
  expect(events.map((event) => event.event)).toEqual(['next', 'next', 'complete'])
  expect(events.slice(0, 2).map((event) => JSON.parse(event.data!))).toEqual([{ data: { count: 1 } }, { data: { count: 2 } }])
  await expect.poll(() => finished).toContain('sse')
})
