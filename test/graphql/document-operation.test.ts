import { expect, it } from 'vitest'
import { operationsOfSource } from '../../src/dsl/graphql/graphql-operation.js'
it('finds the operations of a document string at its top level', () => {
  expect(operationsOfSource('query ListPosts { posts { id } }')).toEqual([{ operationType: 'query', operationName: 'ListPosts' }])
  expect(operationsOfSource('fragment F on Post { id query } mutation CreatePost($post: PostInput! = {a: "x{"}) @live { createPost(post: $post) { ...F } }')).toEqual([{ operationType: 'mutation', operationName: 'CreatePost' }])
  expect(operationsOfSource('{ posts { id } }')).toEqual([{ operationType: 'query', operationName: undefined }])
  expect(operationsOfSource('# query X\nquery ($id: ID) { a }')).toEqual([{ operationType: 'query', operationName: undefined }])
  expect(operationsOfSource('query @dir { a }')).toEqual([{ operationType: 'query', operationName: undefined }])
  expect(operationsOfSource('query A { a } query B { b }').length).toBe(2)
})
