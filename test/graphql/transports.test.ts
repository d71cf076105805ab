import { Client, fetchExchange, gql } from '@urql/core'
import { batchRequests } from 'graphql-request'
import { graphql, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { ENDPOINT, LIST_POSTS, workedExampleHandlers } from './fixtures.js'

const server = setupServer(...workedExampleHandlers())
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

describe('GET', () => {
  it('reads query, variables and operationName from the search params', async () => {
    const seen = vi.fn()
    server.use(
      graphql.query('GetPost', ({ variables, operationName, query }) => {
        seen({ variables, operationName, query })
        return HttpResponse.json({ data: { post: { id: variables.id } } })
      }),
    )
    const url = new URL(ENDPOINT)
    url.searchParams.set('query', 'query GetPost($id: ID!) { post(id: $id) { id } }')
    url.searchParams.set('variables', JSON.stringify({ id: '7' }))
    url.searchParams.set('operationName', 'GetPost')
    const response = await fetch(url)
    expect(await response.json()).toEqual({ data: { post: { id: '7' } } })
    expect(seen).toHaveBeenCalledWith({ variables: { id: '7' }, operationName: 'GetPost', query: 'query GetPost($id: ID!) { post(id: $id) { id } }' })
  })

  it('is used by urql with preferGetMethod', async () => {
    const client = new Client({ url: ENDPOINT, exchanges: [fetchExchange], preferGetMethod: 'force' })
    const result = await client.query(gql(LIST_POSTS), {}).toPromise()
    expect(result.error).toBeUndefined()
    expect(result.data.posts[0]).toEqual({ id: '1', title: 'Hello, world' })
  })
})

describe('multipart uploads (graphql-multipart-request spec)', () => {
  it('puts the uploaded files into variables and leaves the request readable', async () => {
    server.use(
      graphql.mutation('UploadAvatar', async ({ variables, request }) => {
        const file = variables.file as File
        const form = await request.formData()
        return HttpResponse.json({
          data: { upload: { name: file.name, text: await file.text(), fields: [...form.keys()], caption: variables.caption } },
        })
      }),
    )
    const form = new FormData()
    form.set('operations', JSON.stringify({ query: 'mutation UploadAvatar($file: Upload!, $caption: String) { upload(file: $file, caption: $caption) { name } }', variables: { file: null, caption: 'me' } }))
    form.set('map', JSON.stringify({ 0: ['variables.file'] }))
    form.set('0', new File(['avatar bytes'], 'avatar.png', { type: 'image/png' }))
    const response = await fetch(ENDPOINT, { method: 'POST', body: form })
    expect(await response.json()).toEqual({
      data: { upload: { name: 'avatar.png', text: 'avatar bytes', fields: ['operations', 'map', '0'], caption: 'me' } },
    })
  })
})

describe('batched requests', () => {
  const post = (body: unknown) =>
    fetch(ENDPOINT, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then(async (response) => ({
      status: response.status,
      body: await response.json(),
    }))

  it('resolves each operation through the handlers and answers an array in order', async () => {
    const { status, body } = await post([
      { query: 'mutation CreatePost($post: PostInput!) { createPost(post: $post) { id } }', variables: { post: { title: 'Batched' } } },
      { query: LIST_POSTS },
    ])
    expect(status).toBe(200)
    expect(body).toEqual([{ data: { createPost: { id: '2' } } }, { data: { posts: [{ id: '1', title: 'Hello, world' }, { id: '2', title: 'Batched' }] } }])
  })

  it('answers the other operations when one is broken or unhandled', async () => {
    const { body } = await post([
      { query: LIST_POSTS },
      { query: 'query Broken { posts { id ' },
      { query: 'query NobodyMocksThis { x }' },
      { nonsense: true },
    ])
    expect(body).toHaveLength(4)
    expect(body[0].data.posts.length).toBeGreaterThan(0)
    expect(body[1].errors[0].message).toMatch(/No request handler answered this operation.*does not parse: Syntax Error/)
    expect(body[2].errors[0].message).toMatch(/No request handler answered query NobodyMocksThis/)
    expect(body[3].errors[0].message).toMatch(/not a GraphQL operation/)
  })

  it('turns a resolver that throws into an error item and reports the exception', async () => {
    const exceptions = vi.fn()
    server.events.on('unhandledException', exceptions)
    server.use(graphql.query('Explodes', () => { throw new Error('boom') }))
    const { body } = await post([{ query: 'query Explodes { x }' }, { query: LIST_POSTS }])
    server.events.removeListener('unhandledException', exceptions)
    expect(body[0].errors[0].message).toMatch(/"query Explodes \(origin: \*\)" answered query Explodes with status 500: boom/)
    expect(body[1].data.posts).toBeDefined()
    expect(exceptions).toHaveBeenCalledTimes(1)
  })

  it('works with graphql-request batchRequests', async () => {
    const results = await batchRequests(ENDPOINT, [{ document: LIST_POSTS }, { document: 'mutation DeletePost($postId: ID!) { deletePost(postId: $postId) { id } }', variables: { postId: '1' } }])
    expect(results[0].data).toEqual({ posts: expect.any(Array) })
    expect(results[1]?.data).toEqual({ deletePost: { id: '1' } })
  })

  it('is unhandled as a whole when no operation is answered, with each part\'s reason', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    await expect(post([{ query: 'query Unknown1 { a }' }, { query: '{ anonymous }' }])).rejects.toThrow(TypeError)
    const printed = error.mock.calls.map((call) => String(call[0])).join('\n')
    expect(printed).toMatch(/without a matching request handler/)
    warn.mockRestore()
    error.mockRestore()
  })
})
