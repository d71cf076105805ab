// Issue 24 item 6: the cases users trip on, each with a positive and a
// negative test. In the consumer matrix (every compiler from 5.0, against the
// built package) and in the source checks (type-tests/tsconfig.json).
import { expectTypeOf } from 'expect-type'
import { http, HttpResponse, mock, type HttpResolver, type JsonBodyType, type PathParams, type RestMock } from 'mocklib'
import { setupServer } from 'mocklib/node'

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

// A generic helper that takes a path and returns a typed mock.
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

// A helper whose path is a plain type parameter: its params are a string
// record (the path is unknown), never `any`; a refused pattern built from it
// is still refused.
export function getAny<Path extends string>(path: Path) {
  return http.get(path, ({ params }) => {
    const id: string | undefined = params.id
    // @ts-expect-error params are strings, not any
    params.id.toFixed()
    return HttpResponse.json({ id })
  })
}
export function mockAny<Path extends string>(path: Path) {
  // @ts-expect-error the body must be of the declared type
  mock.get(path).reply<Post>(200, { other: true })
  return mock.get(path).reply<Post>(200, post)
}
export function twice<Path extends string>(path: Path) {
  // @ts-expect-error the pattern names :id twice, whatever the path is
  return http.get(`${path}/:id/:id`, () => undefined)
}
// Issue 36 item 5: the helper's params are its own PathParams<Path>, handed on without a cast.
export function getWith<Path extends string>(path: Path, respond: (params: PathParams<Path>) => Post) {
  return http.get(path, ({ params }) => HttpResponse.json(respond(params)))
}
export const withParams = getWith('/posts/:id', (params) => {
  expectTypeOf(params).toEqualTypeOf<{ id: string }>()
  return { id: params.id, title: 'x' }
})
// @ts-expect-error the literal path has no :slug
getWith('/posts/:id', (params) => ({ id: params.slug, title: 'x' }))
// Issue 36 item 5's leftover: a string record (a RegExp route's params) is the helper's PathParams<Path> too.
export function matchWith<Path extends string>(path: Path, respond: (params: PathParams<Path>) => Post) {
  const numbers: Record<string, number> = {}
  // @ts-expect-error params are strings
  respond(numbers)
  return http.get(new RegExp(path), ({ params }) => HttpResponse.json(respond(params)))
}
export const helpers = setupServer(getAny('/posts/:id'), mockAny('/posts'), crud('/posts'))

// A helper with a body type parameter: the body must be of that type.
export function replyWith<Body>(path: string, body: Body) {
  // @ts-expect-error a Post is not the helper's Body
  mock.get(path).reply<Body>(200, post)
  return mock.get(path).reply<Body>(200, body)
}
expectTypeOf(replyWith('/posts', post)).toEqualTypeOf<RestMock<Record<string, string>, unknown, Post>>()
export function answer<Body extends JsonBodyType>(path: string, body: Body) {
  // @ts-expect-error a Post is not the helper's Body
  http.get<never, never, Body>(path, () => HttpResponse.json(post))
  return http.get<never, never, Body>(path, () => HttpResponse.json(body))
}
export const typedAnswer = answer('/posts/1', post)

// HttpResponse.json({ ... }) keeps the object's shape where no body type is
// declared; a declared body type is still checked strictly.
expectTypeOf(HttpResponse.json({ id: '1', count: 2 })).toEqualTypeOf<HttpResponse<{ id: string; count: number }>>()
// @ts-expect-error not the wide JSON type
expectTypeOf(HttpResponse.json({ id: '1', count: 2 })).toEqualTypeOf<HttpResponse<JsonBodyType>>()
export const shaped = [
  http.get<never, never, Post>('/post', () => HttpResponse.json({ id: '1', title: 'Hello' })),
  // @ts-expect-error an extra field where the declared body has none
  http.get<never, never, Post>('/post', () => HttpResponse.json({ id: '1', title: 'Hello', extra: true })),
  // @ts-expect-error a Map is not JSON
  http.get('/map', () => HttpResponse.json(new Map())),
]

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

// Generator resolvers with a declared response body. TypeScript 5.4 and later
// type each yield from the handler and report a wrong body at the yield (see
// user-cases-generator.test-d.ts); 5.0-5.3 check the yielded responses
// against the declared body as a whole, reported on the handler: the negative
// case is on one line so that both place the error on it.
export const generated = http.get<never, never, Post>('/generated', function* () {
  yield HttpResponse.json({ id: '1', title: 'first' })
  return HttpResponse.json({ id: '2', title: 'last' })
})
// @ts-expect-error a yielded body of another shape
export const wrongYield = http.get<never, never, Post>('/generated', function* () { yield HttpResponse.json({ id: 1, title: 'first' }); return HttpResponse.json({ id: '2', title: 'last' }) })

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

// Express-style inline patterns: the safe subset types its param as a string; others are refused (as at runtime).
export const patterns = [
  http.get('/posts/:id', () => undefined),
  http.get('/posts/:id(\\d+)', ({ params }) => {
    expectTypeOf(params.id).toEqualTypeOf<string>()
  }),
  // @ts-expect-error an inline pattern outside the safe subset is refused
  http.get('/posts/:id(.*)', () => undefined),
]
