import { GraphQLClient, ClientError } from 'graphql-request'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setupServer } from 'mocklib/node'
import {
  CREATE_POST,
  CreatePostDocument,
  createPostStore,
  DELETE_POST,
  DeletePostDocument,
  ENDPOINT,
  LIST_POSTS,
  ListPostsDocument,
  postOperation,
  workedExampleHandlers,
} from './fixtures.js'

const store = createPostStore()
const server = setupServer(...workedExampleHandlers(store))
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())

describe('spec §4.5 with plain fetch', () => {
  it('ListPosts answers data.posts with id and title', async () => {
    const { status, body } = await postOperation(LIST_POSTS)
    expect(status).toBe(200)
    expect(body).toEqual({ data: { posts: [{ id: '1', title: 'Hello, world' }] } })
  })

  it('CreatePost reads $post and answers the new id', async () => {
    const { body } = await postOperation(CREATE_POST, { post: { title: 'Second' } })
    expect(body).toEqual({ data: { createPost: { id: '2' } } })
    expect(store.posts.get('2')).toEqual({ id: '2', title: 'Second' })
  })

  it('DeletePost answers the deleted post, then HTTP 200 with errors for an unknown id', async () => {
    expect((await postOperation(DELETE_POST, { postId: '2' })).body).toEqual({ data: { deletePost: { id: '2' } } })
    const missing = await postOperation(DELETE_POST, { postId: '2' })
    expect(missing.status).toBe(200)
    expect(missing.body).toEqual({ errors: [{ message: 'Post "2" not found' }] })
  })

  it('answers plain application/json unless the client prefers application/graphql-response+json', async () => {
    expect((await postOperation(LIST_POSTS)).contentType).toBe('application/json')
    const preferring = await postOperation(LIST_POSTS, undefined, { headers: { accept: 'application/graphql-response+json, application/json;q=0.9' } })
    expect(preferring.contentType).toMatch(/^application\/graphql-response\+json/)
  })
})

describe('spec §4.5 with graphql-request', () => {
  const client = new GraphQLClient(ENDPOINT)

  it('runs the three operations with typed documents', async () => {
    const created = await client.request(CreatePostDocument, { post: { title: 'Via graphql-request' } })
    const list = await client.request(ListPostsDocument)
    expect(list.posts.map((post) => post.title)).toContain('Via graphql-request')
    const deleted = await client.request(DeletePostDocument, { postId: created.createPost.id })
    expect(deleted.deletePost.id).toBe(created.createPost.id)
  })

  it('surfaces the errors answer as a ClientError', async () => {
    const failure = await client.request(DeletePostDocument, { postId: '404' }).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(ClientError)
    expect((failure as ClientError).response.errors?.[0]?.message).toBe('Post "404" not found')
    expect((failure as ClientError).response.status).toBe(200)
  })
})
