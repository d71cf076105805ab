// Issue 24 item 5: params, bodies and GraphQL variables are typed, never
// `any`, on every compiler of the consumer matrix (scripts/type-tests/type-matrix.mjs
// checks this file against the built package, as an ES module and as .cts).
// Lines marked `// any-detector` must fail where resolvers receive `any`: the
// matrix's any-detector check compiles this file against such a stub.
import { expectTypeOf } from 'expect-type'
import { graphql, http, HttpResponse, mock } from 'mocklib'
import { setupServer } from 'mocklib/node'

interface User {
  id: string
  name: string
}

export const server = setupServer(
  http.get('https://api.test/users/:id/posts/:postId?', ({ params }) => {
    expectTypeOf(params.id).not.toBeAny() // any-detector
    expectTypeOf(params).toEqualTypeOf<{ id: string; postId?: string | undefined }>() // any-detector
    // @ts-expect-error the path has no :slug
    params.slug
    return HttpResponse.json({ id: params.id })
  }),
  http.post<{ id: string }, Omit<User, 'id'>, User>('/users/:id', async ({ params, request }) => {
    const body = await request.json()
    expectTypeOf(body).not.toBeAny() // any-detector
    expectTypeOf(body).toEqualTypeOf<Omit<User, 'id'>>() // any-detector
    expectTypeOf(params).toEqualTypeOf<{ id: string }>() // any-detector
    // @ts-expect-error the declared response body has no `age`
    if (body.name === '') return HttpResponse.json({ id: params.id, name: body.name, age: 1 })
    return HttpResponse.json({ id: params.id, name: body.name })
  }),
  graphql.query<{ user: User }, { id: string }>('GetUser', ({ variables }) => {
    expectTypeOf(variables.id).not.toBeAny() // any-detector
    expectTypeOf(variables).toEqualTypeOf<{ id: string }>() // any-detector
    // @ts-expect-error `data` of another shape than the declared result
    if (variables.id === '') return HttpResponse.json({ data: { user: { id: 1, name: 'x' } } })
    return HttpResponse.json({ data: { user: { id: variables.id, name: 'Ada' } } })
  }),
  mock.post('/posts/:postId/comments').body<{ text: string }>().reply(async ({ params, request }) => {
    expectTypeOf(params.postId).not.toBeAny() // any-detector
    expectTypeOf(params).toEqualTypeOf<{ postId: string }>() // any-detector
    expectTypeOf(await request.json()).toEqualTypeOf<{ text: string }>() // any-detector
    return HttpResponse.json({ ok: true })
  }),
  // @ts-expect-error a declared reply body is checked
  mock.get('/users/:id').reply<User>(200, { id: '1' }),
)
