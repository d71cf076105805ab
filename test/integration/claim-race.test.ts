// Kernel v2: a use is claimed after a handler matched, never before, so a request
// whose matching waits (a body step, GraphQL parsing, an endpoint check) cannot keep
// a concurrent request from a limited handler.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { graphql, HttpResponse, http, mock } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { failOnUnhandledRejection } from './support/harness.js'
import { viaFetch, viaNodeHttp, type Client } from './support/clients.js'

failOnUnhandledRejection()

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const json = (body: unknown) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
const clients: Array<[string, Client]> = [
  ['fetch', viaFetch],
  ['node:http', viaNodeHttp],
]

describe.each(clients)('claim after match (%s)', (_name, client) => {
  it('a once body mock answers the matching request even when a non-matching one is matched first, 20 rounds of 20', async () => {
    for (let round = 0; round < 20; round++) {
      server.resetHandlers(
        mock.post('https://api.test/x').body({ a: 1 }).reply(200, 'mock').once(),
        http.post('https://api.test/x', () => HttpResponse.text('fallback')),
      )
      const [other, matching] = await Promise.all([client('https://api.test/x', json({ a: 2 })), client('https://api.test/x', json({ a: 1 }))])
      expect([other.body, matching.body]).toEqual(['fallback', 'mock'])
    }
  })

  it('graphql.link(A) once: a parallel request to another endpoint does not use it up', async () => {
    const query = { query: 'query Q { q }', operationName: 'Q' }
    server.resetHandlers(
      graphql.link('https://a.test/graphql').query('Q', () => HttpResponse.json({ data: { q: 'A' } }), { once: true }),
      graphql.query('Q', () => HttpResponse.json({ data: { q: 'any' } })),
    )
    const [toB, toA] = await Promise.all([client('https://b.test/graphql', json(query)), client('https://a.test/graphql', json(query))])
    expect(JSON.parse(toB.body)).toEqual({ data: { q: 'any' } })
    expect(JSON.parse(toA.body)).toEqual({ data: { q: 'A' } })
  })

  it('times(n) answers exactly n of 50 parallel requests, with non-matching requests interleaved', async () => {
    const limited = mock.post('https://api.test/items').body({ ok: true }).reply(201, 'limited').times(7)
    server.resetHandlers(limited, http.post('https://api.test/items', () => HttpResponse.text('rest')))
    const replies = await Promise.all(Array.from({ length: 50 }, (_, index) => client('https://api.test/items', json({ ok: index % 5 !== 0 }))))
    const answeredByMock = replies.filter((reply) => reply.body === 'limited').length
    expect(answeredByMock).toBe(7)
    expect(limited.callCount).toBe(7)
    // Every non-matching request went on to the next handler.
    expect(replies.filter((reply) => reply.body === 'rest')).toHaveLength(43)
  })
})
