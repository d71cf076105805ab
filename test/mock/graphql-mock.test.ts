// The GraphQL part of the mock builder, through real clients (fetch, node:http, axios).
import type { TypedDocumentNode } from '@graphql-typed-document-node/core'
import { parse } from 'graphql'
import { graphql, HttpResponse, mock } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { viaAxios, viaFetch, viaNodeHttp } from './support.js'

const ENDPOINT = 'https://graphql.example.test/graphql'
interface Post {
  id: string
  title: string
}
const ListPosts: TypedDocumentNode<{ posts: Post[] }, Record<string, never>> = parse('query ListPosts { posts { id title } }')
const DeletePost: TypedDocumentNode<{ deletePost: Post | null }, { postId: string }> = parse('mutation DeletePost($postId: ID!) { deletePost(postId: $postId) { id title } }')

const operation = (query: string, variables: Record<string, unknown> = {}, headers: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify({ query, variables }),
})
const LIST = 'query ListPosts { posts { id title } }'
const DELETE = 'mutation DeletePost($postId: ID!) { deletePost(postId: $postId) { id title } }'

const server = setupServer(graphql.operation(() => HttpResponse.json({ errors: [{ message: 'fallback' }] })))
beforeAll(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
  server.listen({ onUnhandledRequest: 'error' })
})
afterEach(() => {
  server.resetHandlers()
  server.clearHistory()
})
afterAll(() => server.close())

describe.each([
  ['fetch', viaFetch],
  ['node:http', viaNodeHttp],
  ['axios', viaAxios],
] as const)('through %s', (_name, send) => {
  it('mock.query(name).reply({ data })', async () => {
    const list = mock.query('ListPosts').reply({ data: { posts: [{ id: '1', title: 'Hello' }] } })
    server.use(list)
    const reply = await send(ENDPOINT, operation(LIST))
    expect(reply.status).toBe(200)
    expect(JSON.parse(reply.body)).toEqual({ data: { posts: [{ id: '1', title: 'Hello' }] } })
    expect(list.calls[0]).toMatchObject({ operationName: 'ListPosts', query: LIST, variables: {}, status: 200 })
  })

  it('mock.mutation(document).variables(...) matches variables', async () => {
    const deleteOne = mock.mutation(DeletePost).variables({ postId: '1' }).reply({ data: { deletePost: { id: '1', title: 'Hello' } } })
    server.use(deleteOne, mock.mutation(DeletePost).reply({ data: { deletePost: null }, errors: [{ message: 'not found' }] }))
    expect(JSON.parse((await send(ENDPOINT, operation(DELETE, { postId: '1' }))).body)).toMatchObject({ data: { deletePost: { id: '1' } } })
    expect(JSON.parse((await send(ENDPOINT, operation(DELETE, { postId: '2' }))).body)).toMatchObject({ errors: [{ message: 'not found' }] })
    expect(deleteOne.calls.map((call) => call.variables.postId)).toEqual(['1'])
  })
})

describe('GraphQL mocks', () => {
  it('reply(resolver) gets typed variables; times(n) and headers steps work', async () => {
    const deleteTwice = mock
      .mutation(DeletePost)
      .headers({ authorization: /^Bearer / })
      .reply(({ variables }) => HttpResponse.json({ data: { deletePost: { id: variables.postId, title: 'gone' } } }))
      .times(2)
    server.use(deleteTwice)
    const bodies = await Promise.all(Array.from({ length: 5 }, (_, i) => viaFetch(ENDPOINT, operation(DELETE, { postId: String(i) }, { authorization: 'Bearer x' })).then((reply) => JSON.parse(reply.body))))
    expect(bodies.filter((body) => body.data?.deletePost?.title === 'gone')).toHaveLength(2)
    expect(deleteTwice.isDone()).toBe(true)
  })

  it('works for GET queries and with a RegExp selector', async () => {
    server.use(mock.query(/^List/).reply({ data: { posts: [] } }))
    const url = `${ENDPOINT}?query=${encodeURIComponent(LIST)}`
    expect(JSON.parse((await viaFetch(url)).body)).toEqual({ data: { posts: [] } })
  })

  it('networkError() and typed documents as selectors', async () => {
    server.use(mock.query(ListPosts).networkError())
    await expect(fetch(ENDPOINT, operation(LIST))).rejects.toThrow(TypeError)
  })

  it('assertDone() names the operation or variables step that rejected the nearest request', async () => {
    server.use(mock.mutation('DeletePost').variables({ postId: '1' }).reply({ data: { deletePost: null } }), mock.query('GetUser').reply({ data: {} }))
    await viaFetch(ENDPOINT, operation(DELETE, { postId: '2' }))
    let text = ''
    try {
      server.assertDone()
    } catch (error) {
      text = (error as Error).message
    }
    expect(text).toBe(`[mocklib] assertDone(): 2 mocks are pending.

  • mutation DeletePost variables({"postId":"1"}) — never called
    nearest request: POST ${ENDPOINT}
    rejected at variables: $postId is "2", expected "1"

  • query GetUser — never called
    nearest request: POST ${ENDPOINT}
    rejected at operation: is the mutation DeletePost, expected query GetUser

Make the requests these mocks expect, or remove the mocks that are not needed (server.pendingMocks() lists them).`)
  })

  it('rejects bad selectors and bodies at once', () => {
    expect(() => mock.query(DeletePost as never)).toThrow('is a mutation, not a query')
    expect(() => mock.query('ListPosts').reply({ posts: [] } as never)).toThrow(
      '[mocklib] .reply() of mock "query ListPosts" expects a GraphQL response body { data, errors?, extensions? } or a resolver function. For example: .reply({ data: { posts: [] } }).',
    )
  })
})
