// Issue 24 item 6: the cases users trip on, each with a positive and a
// negative test. In the consumer matrix (every compiler from 5.0, against the
// built package) and in the source checks (type-tests/tsconfig.json).
import { expectTypeOf } from 'expect-type'
import { http, HttpResponse, mock, type HttpResolver, type RestMock } from 'mocklib'

interface Post {
  id: string
  title: string
}

// A resolver written apart from its handler, used where the path infers params.
const getPost: HttpResolver<{ id: string }, never, Post> = ({ params }) => HttpResponse.json({ id: params.id, title: 'Hello' })
const getBySlug: HttpResolver<{ slug: string }, never, Post> = ({ params }) => HttpResponse.json({ id: params.slug, title: 'Hello' })
export const apart = [
  http.get('/posts/:id', getPost),
  // @ts-expect-error the resolver wants :slug, the path gives :id
  http.get('/posts/:id', getBySlug),
]

// A generic helper that takes a path and returns a typed mock. (A body type
// that is itself a type parameter, `reply<Body>(200, body)`, is not supported
// yet: the reply step's conditional stays deferred.)
const post: Post = { id: '1', title: 'Hello' }
export function crud<Base extends string>(base: Base) {
  const mocked = mock.get(`${base}/:id`).reply<Post>(200, post)
  // @ts-expect-error the body must be of the declared type
  mock.get(`${base}/:id`).reply<Post>(200, { other: true })
  return mocked
}
const posts = crud('/posts')
expectTypeOf(posts).toEqualTypeOf<RestMock<{ id: string }, unknown, Post>>()
// @ts-expect-error the helper's mock has no :slug param
expectTypeOf(posts).toEqualTypeOf<RestMock<{ slug: string }, unknown, Post>>()

// HttpResponse.json(null | undefined) only where the declared body allows it.
export const nullable = [
  http.get<never, never, Post | null>('/maybe', () => HttpResponse.json(null)),
  http.get<never, never, Post | undefined>('/maybe', () => HttpResponse.json(undefined)),
  http.get('/open', () => HttpResponse.json(null)),
  // @ts-expect-error null where the declared body is not nullable
  http.get<never, never, Post>('/post', () => HttpResponse.json(null)),
  // @ts-expect-error undefined where the declared body is not optional
  http.get<never, never, Post>('/post', () => HttpResponse.json(undefined)),
]

// Generator resolvers: user-cases-generator.test-d.ts (5.9, 6.0, 7.0 only; on
// 5.0-5.3 a generator with a declared response body does not compile yet: its
// yields are not typed from the handler's declared body).

// request.json(): the declared type, or unknown-safe JSON (never any).
export const bodies = [
  http.post<never, Post>('/posts', async ({ request }) => {
    const post = await request.json()
    expectTypeOf(post).toEqualTypeOf<Post>()
    // @ts-expect-error the declared body has no `author`
    post.author
  }),
  http.post('/posts', async ({ request }) => {
    const body = await request.json()
    expectTypeOf(body).not.toBeAny()
    // @ts-expect-error an undeclared body must be narrowed before use
    body.title.toUpperCase()
  }),
]

// The builder's whole chain keeps each step's types.
const chained = mock
  .put('https://api.test/posts/:id')
  .query({ draft: 'false' })
  .headers({ authorization: /^Bearer / })
  .body<Omit<Post, 'id'>>()
  .reply<Post>(async ({ params, request }) => {
    const input = await request.json()
    return HttpResponse.json({ id: params.id, title: input.title })
  })
expectTypeOf(chained).toEqualTypeOf<RestMock<{ id: string }, Omit<Post, 'id'>, Post>>()
// @ts-expect-error a reply of another shape than the chain's declared type
mock.put('/posts/:id').query({ draft: 'false' }).reply<Post>(200, { id: '1' })

// Express-style custom patterns: refused by the types (and the runtime).
export const patterns = [
  http.get('/posts/:id', () => undefined),
  // @ts-expect-error a custom param pattern is refused
  http.get('/posts/:id(\\d+)', () => undefined),
]
