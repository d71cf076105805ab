import { expectTypeOf } from 'expect-type'
import { executeGraphQL, graphql, HttpResponse, resolveWithSchema, type GraphQLHandler, type GraphQLLink, type GraphQLResponseBody } from 'mocklib'

// By name: variables are an open record and any Response may answer (as in msw).
graphql.query('ListPosts', ({ query, variables, operationName, operationType, request, cookies, requestId }) => {
  expectTypeOf(query).toEqualTypeOf<string>()
  expectTypeOf(variables).toEqualTypeOf<Record<string, any>>()
  expectTypeOf(operationName).toEqualTypeOf<string>()
  expectTypeOf(operationType).toEqualTypeOf<'query' | 'mutation' | 'subscription'>()
  expectTypeOf(request).toEqualTypeOf<Request>()
  expectTypeOf(cookies).toEqualTypeOf<Record<string, string>>()
  expectTypeOf(requestId).toEqualTypeOf<string>()
  return HttpResponse.json({ data: { posts: [] } })
})
graphql.mutation(/^Create/, () => new HttpResponse(null, { status: 500 }), { once: true })

// msw-style explicit generics: <Result, Variables>.
graphql.mutation<{ deletePost: { id: string } }, { postId: string }>('DeletePost', ({ variables }) => {
  expectTypeOf(variables).toEqualTypeOf<{ postId: string }>()
  return HttpResponse.json({ data: { deletePost: { id: variables.postId } } })
})
// @ts-expect-error deletePost.id must be a string
graphql.mutation<{ deletePost: { id: string } }, { postId: string }>('DeletePost', () => HttpResponse.json({ data: { deletePost: { id: 1 } } }))
graphql.query<{ posts: { id: string }[] }>('ListPosts', ({ variables }) => {
  expectTypeOf(variables).toEqualTypeOf<Record<string, any>>()
  return HttpResponse.json({ data: { posts: [] } })
})

// operation(): every operation, anonymous ones included.
graphql.operation(({ operationName }) => {
  expectTypeOf(operationName).toEqualTypeOf<string | undefined>()
  return HttpResponse.json({ data: {} })
})
graphql.operation<{ ping: boolean }>(() => HttpResponse.json({ data: { ping: true } }))
// @ts-expect-error ping must be a boolean
graphql.operation<{ ping: boolean }>(() => HttpResponse.json({ data: { ping: 'yes' } }))

// link(): the same factories for one endpoint.
const github = graphql.link('https://api.github.com/graphql')
expectTypeOf(github).toEqualTypeOf<GraphQLLink>()
expectTypeOf(github.query('GetUser', () => HttpResponse.json({ data: { user: null } }))).toEqualTypeOf<GraphQLHandler>()
graphql.link(/\/graphql$/).operation(() => undefined)

// The mock schema helpers.
expectTypeOf(executeGraphQL<{ posts: [] }>({ schema: 'type Query { posts: [ID] }', query: '{ posts }' })).toEqualTypeOf<Promise<GraphQLResponseBody<{ posts: [] }>>>()
graphql.operation(resolveWithSchema('type Query { a: Int }', { a: 1 }))

// @ts-expect-error a number is not a selector
graphql.query(42, () => undefined)
// @ts-expect-error the resolver is required
graphql.query('ListPosts')
// @ts-expect-error resolvers answer a Response, not a plain object
graphql.query('ListPosts', () => ({ data: {} }))
