// The spec's GraphQL worked example (§4.5): documents, a mock schema and handlers.
import type { TypedDocumentNode } from '@graphql-typed-document-node/core'
import { parse } from 'graphql'
import { graphql, HttpResponse } from 'mocklib'

export const ENDPOINT = 'http://127.0.0.1:4000/graphql'

export interface Post {
  id: string
  title: string
}

export const LIST_POSTS = 'query ListPosts { posts { id title } }'
export const CREATE_POST = 'mutation CreatePost($post: PostInput!) { createPost(post: $post) { id } }'
export const DELETE_POST = 'mutation DeletePost($postId: ID!) { deletePost(postId: $postId) { id } }'

export const ListPostsDocument: TypedDocumentNode<{ posts: Post[] }, Record<string, never>> = parse(LIST_POSTS)
export const CreatePostDocument: TypedDocumentNode<{ createPost: { id: string } }, { post: { title: string } }> = parse(CREATE_POST)
export const DeletePostDocument: TypedDocumentNode<{ deletePost: { id: string } }, { postId: string }> = parse(DELETE_POST)

export const SCHEMA_SDL = /* GraphQL */ `
  type Post { id: ID! title: String! }
  input PostInput { title: String! }
  type Query { posts: [Post!]! }
  type Mutation { createPost(post: PostInput!): Post! deletePost(postId: ID!): Post }
`

/** A tiny in-memory store shared by the handlers of one test file. */
export function createPostStore(initial: Post[] = [{ id: '1', title: 'Hello, world' }]) {
  const posts = new Map(initial.map((post) => [post.id, post]))
  let nextId = initial.length + 1
  return {
    posts,
    list: () => [...posts.values()],
    create(input: { title: string }): Post {
      const post = { id: String(nextId++), ...input }
      posts.set(post.id, post)
      return post
    },
    delete(id: string): Post | undefined {
      const post = posts.get(id)
      posts.delete(id)
      return post
    },
  }
}

/** The §4.5 handlers, written by operation name (as in the spec). */
export function workedExampleHandlers(store = createPostStore()) {
  return [
    graphql.query('ListPosts', () => HttpResponse.json({ data: { posts: store.list() } })),
    graphql.mutation('CreatePost', ({ variables }) => HttpResponse.json({ data: { createPost: { id: store.create(variables.post).id } } })),
    graphql.mutation('DeletePost', ({ variables }) => {
      const post = store.delete(variables.postId)
      if (!post) return HttpResponse.json({ errors: [{ message: `Post "${variables.postId}" not found` }] })
      return HttpResponse.json({ data: { deletePost: { id: post.id } } })
    }),
  ]
}

/** POSTs one operation as JSON with global fetch; returns status, content type and body. */
export async function postOperation(query: string, variables?: Record<string, unknown>, init: RequestInit = {}, url = ENDPOINT) {
  const response = await fetch(url, {
    method: 'POST',
    ...init,
    headers: { 'content-type': 'application/json', ...(init.headers as Record<string, string>) },
    body: JSON.stringify({ query, variables }),
  })
  return { status: response.status, contentType: response.headers.get('content-type'), body: await response.json() }
}
