// Migration check: msw 2's GraphQL documentation examples, written as msw users
// write them; only the imports changed ('msw' → 'mocklib', 'msw/node' → 'mocklib/node').
import { buildSchema, graphql as executeGraphQL } from 'graphql'
import { GraphQLClient, gql } from 'graphql-request'
import { graphql, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

interface Post {
  id: string
  title: string
}

const posts = new Map<string, Post>([['abc-123', { id: 'abc-123', title: 'Hello world' }]])

const schema = buildSchema(`
  type User { id: ID!, firstName: String! }
  type Query { user(id: ID!): User }
`)

const github = graphql.link('https://api.github.com/graphql')

// "Mocking GraphQL API" (mswjs.io/docs/network-behavior/graphql)
export const handlers = [
  graphql.query('ListPosts', () => {
    return HttpResponse.json({
      data: { posts: Array.from(posts.values()) },
    })
  }),
  graphql.mutation('CreatePost', ({ variables }) => {
    const post = { id: 'def-456', title: (variables.post as { title: string }).title }
    posts.set(post.id, post)
    return HttpResponse.json({ data: { createPost: { id: post.id } } })
  }),
  graphql.mutation('DeletePost', ({ variables }) => {
    const { postId } = variables
    const deletedPost = posts.get(postId as string)
    if (!deletedPost) {
      return HttpResponse.json({
        errors: [{ message: `Cannot find post with ID "${postId}"` }],
      })
    }
    posts.delete(postId as string)
    return HttpResponse.json({ data: { deletePost: deletedPost } })
  }),
  github.query('GetRepository', () => {
    return HttpResponse.json({ data: { repository: { name: 'msw', stargazerCount: 15000 } } })
  }),
  graphql.query('GetUser', async ({ query, variables }) => {
    const { errors, data } = await executeGraphQL({
      schema,
      source: query,
      variableValues: variables,
      rootValue: {
        user(args: { id: string }) {
          return { id: args.id, firstName: 'John' }
        },
      },
    })
    return HttpResponse.json({ errors, data })
  }),
  graphql.operation(({ query }) => {
    return HttpResponse.json({ data: { anonymous: query.trim().startsWith('{') } })
  }),
]

const server = setupServer(...handlers)
beforeAll(() => server.listen())
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const client = new GraphQLClient('https://api.example.com/graphql')

describe('msw GraphQL docs, unchanged', () => {
  it('answers a query and a mutation through graphql-request', async () => {
    const list = await client.request<{ posts: Post[] }>(gql`
      query ListPosts {
        posts {
          id
          title
        }
      }
    `)
    expect(list.posts).toEqual([{ id: 'abc-123', title: 'Hello world' }])
    const created = await client.request<{ createPost: { id: string } }>(
      gql`
        mutation CreatePost($post: PostInput!) {
          createPost(post: $post) {
            id
          }
        }
      `,
      { post: { title: 'Second' } },
    )
    expect(created.createPost.id).toBe('def-456')
  })

  it('answers GraphQL errors with status 200', async () => {
    const response = await fetch('https://api.example.com/graphql', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ query: 'mutation DeletePost($postId: ID!) { deletePost(postId: $postId) { id } }', variables: { postId: 'nope' } }),
    })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ errors: [{ message: 'Cannot find post with ID "nope"' }] })
  })

  it('scopes handlers to an endpoint with graphql.link', async () => {
    const repository = await new GraphQLClient('https://api.github.com/graphql').request<{ repository: { name: string } }>('query GetRepository { repository { name } }')
    expect(repository.repository.name).toBe('msw')
  })

  it('resolves against a mock schema', async () => {
    const result = await client.request<{ user: { id: string; firstName: string } }>('query GetUser($id: ID!) { user(id: $id) { firstName } }', { id: '1' })
    expect(result).toEqual({ user: { firstName: 'John' } })
  })

  it('answers anonymous operations with graphql.operation', async () => {
    const response = await fetch('https://api.example.com/graphql', { method: 'POST', body: JSON.stringify({ query: '{ anonymous }' }) })
    expect(await response.json()).toEqual({ data: { anonymous: true } })
  })
})
