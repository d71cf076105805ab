import type { TypedDocumentNode } from '@graphql-typed-document-node/core'
import { expectTypeOf } from 'expect-type'
import { parse } from 'graphql'
import { graphql, HttpResponse, type GraphQLHandler, type ResultOfDocument, type VariablesOfDocument } from 'mocklib'

interface Post {
  id: string
  title: string
}
declare const ListPosts: TypedDocumentNode<{ posts: Post[] }, Record<string, never>>
declare const CreatePost: TypedDocumentNode<{ createPost: { id: string } }, { post: { title: string } }>
declare const DeletePost: TypedDocumentNode<{ deletePost: { id: string } }, { postId: string }>

// graphql-codegen's client preset (documentMode: 'string') emits a String subclass like this.
declare class TypedDocumentString<Result, Variables> extends String {
  __apiType?: (variables: Variables) => Result
}
declare const GetPost: TypedDocumentString<{ post: Post | null }, { id: string }>
// ...and some codegen setups a branded primitive string.
declare const GetPostText: string & { __apiType?: (variables: { id: string }) => { post: Post | null } }

expectTypeOf<ResultOfDocument<typeof DeletePost>>().toEqualTypeOf<{ deletePost: { id: string } }>()
expectTypeOf<VariablesOfDocument<typeof DeletePost>>().toEqualTypeOf<{ postId: string }>()

// A TypedDocumentNode types variables and the answer.
expectTypeOf(
  graphql.mutation(DeletePost, ({ variables }) => {
    expectTypeOf(variables).toEqualTypeOf<{ postId: string }>()
    // @ts-expect-error the document declares no such variable
    variables.id
    return HttpResponse.json({ data: { deletePost: { id: variables.postId } } })
  }),
).toEqualTypeOf<GraphQLHandler>()

graphql.mutation(CreatePost, async ({ variables }) => {
  expectTypeOf(variables.post.title).toEqualTypeOf<string>()
  return HttpResponse.json({ data: { createPost: { id: '1' } } })
})

// Errors need no data; GraphQL errors are answered with status 200 and an errors array.
graphql.mutation(DeletePost, () => HttpResponse.json({ errors: [{ message: 'Post not found' }] }))
graphql.query(ListPosts, () => HttpResponse.json({ data: null, errors: [{ message: 'down', path: ['posts'] }], extensions: { tracing: 1 } }))

// @ts-expect-error data.posts must be Post[], not a number
graphql.query(ListPosts, () => HttpResponse.json({ data: { posts: 1 } }))

// @ts-expect-error a post needs a title
graphql.query(ListPosts, () => HttpResponse.json({ data: { posts: [{ id: '1' }] } }))

// @ts-expect-error an error item needs a message
graphql.mutation(DeletePost, () => HttpResponse.json({ errors: [{ code: 'NOT_FOUND' }] }))

// Typed document strings work the same way.
graphql.query(GetPost, ({ variables }) => {
  expectTypeOf(variables).toEqualTypeOf<{ id: string }>()
  return HttpResponse.json({ data: { post: { id: variables.id, title: 'T' } } })
})
graphql.query(GetPostText, ({ variables }) => {
  expectTypeOf(variables).toEqualTypeOf<{ id: string }>()
  return HttpResponse.json({ data: { post: null } })
})
// @ts-expect-error post.title must be a string
graphql.query(GetPost, () => HttpResponse.json({ data: { post: { id: '1', title: 2 } } }))

// Async, generator, fall-through and special responses fit typed resolvers too.
graphql.query(ListPosts, async () => HttpResponse.json({ data: { posts: [] } }))
graphql.query(ListPosts, function* () {
  yield HttpResponse.json({ data: { posts: [] } })
  return HttpResponse.json({ data: { posts: [{ id: '1', title: 'T' }] } })
})
graphql.query(ListPosts, async function* () {
  yield HttpResponse.json({ data: { posts: [] } })
})
graphql.query(ListPosts, function* () {
  // @ts-expect-error a yielded response must carry the document's result type
  yield HttpResponse.json({ data: { posts: [{ id: 1 }] } })
})
graphql.query(ListPosts, async function* () {
  // @ts-expect-error in an async generator too
  yield HttpResponse.json({ data: { posts: 'none' } })
})
graphql.query(ListPosts, () => undefined)
graphql.query(ListPosts, () => HttpResponse.error())
// @ts-expect-error a typed handler answers a GraphQL body, not text
graphql.query(ListPosts, () => HttpResponse.text('posts'))

// A plain DocumentNode (untyped) leaves the types open.
graphql.query(parse('query ListPosts { posts { id } }'), ({ variables }) => {
  expectTypeOf(variables).toEqualTypeOf<Record<string, any>>()
  return HttpResponse.text('anything goes')
})

// --- Issue 13 item 13: explicit generics that contradict a typed document -----

// @ts-expect-error the document's result is { deletePost }, not { other }
graphql.mutation<{ other: string }, { postId: string }>(DeletePost, () => undefined)
// @ts-expect-error the document's variables are { postId: string }
graphql.mutation<{ deletePost: { id: string } }, { id: number }>(DeletePost, () => undefined)
// @ts-expect-error a typed document string is checked too
graphql.query<{ post: number }, { id: string }>(GetPost, () => undefined)
// Matching generics are fine, and names stay free.
graphql.mutation<{ deletePost: { id: string } }, { postId: string }>(DeletePost, () => undefined)
graphql.query<{ anything: boolean }, { x: string }>('AnyName', () => undefined)

// --- Issue 13 items 1 and 12: GraphQL bodies ----------------------------------

// @ts-expect-error a misspelled field inside data is rejected
graphql.query(GetPost, () => HttpResponse.json({ data: { post: { id: '1', titel: 'x' } } }))
// @ts-expect-error a typed document needs a body
graphql.query(GetPost, () => HttpResponse.json())
graphql.query(GetPost, () => HttpResponse.json({ data: { post: null } }))
