import { buildSchema } from 'graphql'
import { GraphQLClient } from 'graphql-request'
import { executeGraphQL, graphql, HttpResponse, resolveWithSchema } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { CREATE_POST, createPostStore, DELETE_POST, DeletePostDocument, ENDPOINT, ListPostsDocument, postOperation, SCHEMA_SDL } from './fixtures.js'

// Field matching like a real server (spec §4.3.5): the mock data holds more than is asked for.
const store = createPostStore([{ id: '1', title: 'Hello, world' }])
const rootValue = {
  posts: () => store.list().map((post) => ({ ...post, secret: 'never sent' })),
  createPost: ({ post }: { post: { title: string } }) => store.create(post),
  deletePost: ({ postId }: { postId: string }) => {
    const post = store.delete(postId)
    if (!post) throw new Error(`Post "${postId}" not found`)
    return post
  },
}

const server = setupServer(graphql.operation(resolveWithSchema(SCHEMA_SDL, rootValue)))
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

describe('a mock schema answers exactly the fields the query asks for', () => {
  it('ListPosts with only ids gets only ids', async () => {
    const { body } = await postOperation('query ListPosts { posts { id } }')
    expect(body).toEqual({ data: { posts: [{ id: '1' }] } })
  })

  it('CreatePost and DeletePost run through the schema, with an errors answer for an unknown id', async () => {
    expect((await postOperation(CREATE_POST, { post: { title: 'Two' } })).body).toEqual({ data: { createPost: { id: '2' } } })
    expect((await postOperation(DELETE_POST, { postId: '2' })).body).toEqual({ data: { deletePost: { id: '2' } } })
    const missing = await postOperation(DELETE_POST, { postId: '2' })
    expect(missing.status).toBe(200)
    expect(missing.body.data).toEqual({ deletePost: null })
    expect(missing.body.errors).toEqual([expect.objectContaining({ message: 'Post "2" not found', path: ['deletePost'] })])
  })

  it('validates variables like a server: a missing $post is an error, HTTP 200', async () => {
    const { status, body } = await postOperation(CREATE_POST, {})
    expect(status).toBe(200)
    expect(body.errors[0].message).toMatch(/Variable "\$post" of required type "PostInput!" was not provided/)
  })

  it('works with graphql-request and typed documents', async () => {
    const client = new GraphQLClient(ENDPOINT)
    const { posts } = await client.request(ListPostsDocument)
    expect(posts).toEqual([{ id: '1', title: 'Hello, world' }])
    await expect(client.request(DeletePostDocument, { postId: 'nope' })).rejects.toThrow(/Post "nope" not found/)
  })

  it('executeGraphQL takes a GraphQLSchema too, inside a typed handler', async () => {
    const schema = buildSchema(SCHEMA_SDL)
    server.use(
      graphql.query(ListPostsDocument, async ({ query, variables }) =>
        HttpResponse.json(await executeGraphQL<{ posts: { id: string; title: string }[] }>({ schema, query, variables, rootValue: { posts: [{ id: 'x', title: 'from GraphQLSchema' }] } })),
      ),
    )
    expect((await postOperation('query ListPosts { posts { title } }')).body).toEqual({ data: { posts: [{ title: 'from GraphQLSchema' }] } })
  })

  it('rejects SDL that does not build with a [mocklib] message', async () => {
    await expect(executeGraphQL({ schema: 'type Query {', query: '{ a }' })).rejects.toThrow(/\[mocklib\] executeGraphQL\(\) got schema SDL that does not build/)
  })
})
