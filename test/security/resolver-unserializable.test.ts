/**
 * Issue 14, item 8: a resolver returning a value JSON cannot describe (a cycle,
 * a BigInt) still gets the "returned … which is not a Response" 500, not the
 * raw JSON.stringify error.
 */
import { http } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { viaFetch, viaNodeHttp, type Client } from '../integration/support/clients.js'
import { failOnUnhandledRejection } from '../integration/support/harness.js'

const API = 'https://faults.resolver.test'
const server = setupServer()
failOnUnhandledRejection()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

function circular(): unknown {
  const node: Record<string, unknown> = { id: 1 }
  node.self = node
  return node
}

const clients: Array<[string, Client]> = [
  ['fetch', viaFetch],
  ['node:http', viaNodeHttp],
]

describe('a resolver returning something JSON.stringify refuses', () => {
  it.each([
    ['a circular object', circular, /returned an object \(.*\), which is not a Response/],
    ['a BigInt', () => 10n, /returned bigint 10n?, which is not a Response/],
    ['an object holding a BigInt', () => ({ count: 10n }), /returned an object \(.*\), which is not a Response/],
  ])('%s: a 500 that says the resolver returned a non-Response', async (_kind, resolver, expected) => {
    server.use(http.get(`${API}/odd`, resolver as never))
    for (const [, client] of clients) {
      const reply = await client(`${API}/odd`)
      expect(reply.status).toBe(500)
      const body = JSON.parse(reply.body) as { name: string; message: string }
      expect(body.message).toMatch(expected)
      expect(body.message).not.toMatch(/circular structure|serialize a BigInt/i)
      expect(body.message).toContain(`GET ${API}/odd`)
    }
  })
})
