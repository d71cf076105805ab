import type { TypedDocumentNode } from '@graphql-typed-document-node/core'
import { expectTypeOf } from 'expect-type'
import { HttpResponse, mock, type GraphQLMock, type GraphQLMockBuilder } from 'mocklib'

interface Post {
  id: string
  title: string
}
declare const DeletePost: TypedDocumentNode<{ deletePost: Post | null }, { postId: string }>

// Result and variables come from a typed document.
expectTypeOf(mock.mutation(DeletePost)).toEqualTypeOf<GraphQLMockBuilder<{ deletePost: Post | null }, { postId: string }>>()
const deleted = mock.mutation(DeletePost).variables({ postId: '1' }).reply({ data: { deletePost: { id: '1', title: 'x' } } })
expectTypeOf(deleted).toEqualTypeOf<GraphQLMock<{ deletePost: Post | null }, { postId: string }>>()
expectTypeOf(deleted.calls[0]!.variables.postId).toEqualTypeOf<string>()

mock.mutation(DeletePost).reply({ errors: [{ message: 'not found' }] })
mock.mutation(DeletePost).reply(({ variables }) => {
  expectTypeOf(variables).toEqualTypeOf<{ postId: string }>()
  return HttpResponse.json({ data: { deletePost: { id: variables.postId, title: 'x' } } })
})
mock.mutation(DeletePost).variables((variables) => variables.postId.length > 0).reply({ data: { deletePost: null } })

// @ts-expect-error `deletePost` must be a Post or null
mock.mutation(DeletePost).reply({ data: { deletePost: 42 } })
// @ts-expect-error no `id` variable in the document
mock.mutation(DeletePost).variables({ id: '1' })
// @ts-expect-error issue 13 item 7: `postId` is a string in the document
mock.mutation(DeletePost).variables({ postId: 123 })
mock.mutation(DeletePost).variables({ postId: /^post-/ }).reply({ data: { deletePost: null } })
mock.mutation(DeletePost).variables({ postId: (id) => id.startsWith('p') }).reply({ data: { deletePost: null } })
// @ts-expect-error issue 13 item 1: a misspelled field inside data is rejected
mock.mutation(DeletePost).reply({ data: { deletePost: { id: '1', titel: 'x' } } })
// By name, variables stay loose.
mock.query('ListPosts').variables({ page: 2, filter: { tag: 'a' } }).reply({ data: {} })
// @ts-expect-error the resolver answers the wrong data
mock.mutation(DeletePost).reply(() => HttpResponse.json({ data: { other: true } }))

// By name: loose, or typed by explicit generics.
mock.query('ListPosts').reply({ data: { anything: [] } })
mock.query<{ posts: Post[] }, Record<string, never>>('ListPosts').reply({ data: { posts: [] } })
// @ts-expect-error posts must be Post[]
mock.query<{ posts: Post[] }, Record<string, never>>('ListPosts').reply({ data: { posts: 'no' } })

// Misuse after the answer.
// @ts-expect-error reply() twice
mock.query('ListPosts').reply({ data: {} }).reply({ data: {} })
// @ts-expect-error variables() after the answer
mock.query('ListPosts').reply({ data: {} }).variables({})
// @ts-expect-error times(0)
mock.query('ListPosts').reply({ data: {} }).times(0)
// @ts-expect-error a mock has one usage limit
mock.query('ListPosts').reply({ data: {} }).once().persist()
mock.query('ListPosts').reply({ data: {} }).delay(1).times(2)
