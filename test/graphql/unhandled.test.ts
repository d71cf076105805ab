import { graphql, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { ENDPOINT, postOperation } from './fixtures.js'

const server = setupServer(graphql.query('ListPosts', () => HttpResponse.json({ data: { posts: [] } })))
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  server.resetHandlers()
  vi.restoreAllMocks()
})
afterAll(() => server.close())

/** Sends a request that nothing answers and returns what the 'error' policy printed. */
async function printedFor(send: () => Promise<unknown>): Promise<string> {
  const error = vi.spyOn(console, 'error').mockImplementation(() => {})
  await expect(send()).rejects.toThrow(TypeError)
  return error.mock.calls.map((call) => String(call[0])).join('\n')
}

describe('GraphQL requests no handler answers explain why', () => {
  it('a query that does not parse: the parse error', async () => {
    const printed = await printedFor(() => postOperation('query ListPosts { posts { id }'))
    expect(printed).toContain('[mocklib] Error: intercepted a request without a matching request handler')
    expect(printed).toContain('POST http://127.0.0.1:4000/graphql')
    expect(printed).toMatch(/This looks like a GraphQL request, but the GraphQL query does not parse: Syntax Error: Expected Name, found <EOF>\./)
  })

  it('invalid variables JSON in a GET: the JSON error', async () => {
    const url = new URL(ENDPOINT)
    url.searchParams.set('query', 'query ListPosts { posts { id } }')
    url.searchParams.set('variables', '{ not json')
    const printed = await printedFor(() => fetch(url))
    expect(printed).toMatch(/This looks like a GraphQL request, but the "variables" search parameter is not valid JSON \(.+\); send it as a JSON object/)
  })

  it('an operationName the document does not define', async () => {
    const printed = await printedFor(() =>
      fetch(ENDPOINT, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: 'query A { a } query B { b }', operationName: 'C' }) }),
    )
    expect(printed).toMatch(/"operationName" is "C", but the GraphQL document has no operation of that name/)
  })

  it('an operation without a handler: its name and how to match it', async () => {
    const printed = await printedFor(() => postOperation('mutation DeletePost { x }'))
    expect(printed).toContain(`It is the GraphQL mutation "DeletePost"; match it with graphql.mutation('DeletePost', resolver).`)
  })

  it("the 'warn' policy prints the same reasons (and custom policies get them too)", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    server.close()
    server.listen({ onUnhandledRequest: 'warn' })
    try {
      // The request goes on to the network after the warning; nothing listens on this port.
      await postOperation('{ broken', undefined, {}, 'http://127.0.0.1:9/graphql').catch(() => undefined)
    } finally {
      server.close()
      server.listen({ onUnhandledRequest: 'error' })
    }
    const printed = warn.mock.calls.map((call) => String(call[0])).join('\n')
    expect(printed).toMatch(/\[mocklib\] Warning: intercepted a request without a matching request handler/)
    expect(printed).toMatch(/Why no handler matched:\n {2}- This looks like a GraphQL request, but the GraphQL query does not parse: Syntax Error/)
  })
})
