// REST handler typing: params from the path, explicit msw-style generics, request
// bodies, resolver results, predicate forms and options.
import { expectTypeOf } from 'expect-type'
import { http, HttpHandler, HttpResponse, passthrough, type JsonBodyType, type PathParams, type StrictRequest } from 'mocklib'

// --- Params inferred from the path literal -----------------------------------

http.get('/posts/:id', ({ params }) => {
  expectTypeOf(params).toEqualTypeOf<{ id: string }>()
  return HttpResponse.json({ id: params.id })
})

http.get('/users/:userId/posts/:postId?', ({ params }) => {
  expectTypeOf(params.userId).toEqualTypeOf<string>()
  expectTypeOf(params.postId).toEqualTypeOf<string | undefined>()
  // @ts-expect-error an optional param may be undefined
  const postId: string = params.postId
  return HttpResponse.json({ postId })
})

http.get('/static/*', ({ params }) => {
  // A path wildcard is captured as "0", as at runtime.
  expectTypeOf(params).toEqualTypeOf<{ '0': string }>()
  return passthrough()
})

http.get('https://*.example.com/*', ({ params }) => {
  // A wildcard in the host is not captured; the one in the path is.
  expectTypeOf(params).toEqualTypeOf<{ '0': string }>()
  return undefined
})

http.get('http://localhost:3000/api/:version/items/:itemId', ({ params }) => {
  // The port and the scheme are not params.
  expectTypeOf(params).toEqualTypeOf<{ version: string; itemId: string }>()
  return undefined
})

http.get('http://localhost:*/x/:id', ({ params }) => {
  expectTypeOf(params).toEqualTypeOf<{ id: string }>()
})

http.get('/reports/:year.json', ({ params }) => {
  expectTypeOf(params).toEqualTypeOf<{ year: string }>()
})

http.delete('/posts/:id', ({ params }) => {
  // @ts-expect-error no such param in the path
  params.slug
})

// A widened `string` path gives a string record, never `never`.
declare const somePath: string
http.get(somePath, ({ params }) => {
  expectTypeOf(params).toEqualTypeOf<Record<string, string>>()
})

expectTypeOf<PathParams<'/a/:b/c/:d?'>>().toEqualTypeOf<{ b: string; d?: string | undefined }>()
expectTypeOf<PathParams<'*'>>().toEqualTypeOf<{}>()
expectTypeOf<PathParams<`/${string}/:id`>>().toEqualTypeOf<{ id: string }>()

// --- The other resolver fields ----------------------------------------------

http.post('/posts', ({ request, cookies, requestId }) => {
  expectTypeOf(request).toEqualTypeOf<StrictRequest<JsonBodyType>>()
  expectTypeOf(cookies).toEqualTypeOf<Record<string, string>>()
  expectTypeOf(requestId).toEqualTypeOf<string>()
})

// --- Explicit msw-style generics <Params, RequestBody, ResponseBody> ----------

interface Post {
  id: string
  title: string
}

http.post<{ id: string }, { title: string }, Post>('/posts/:id', async ({ params, request }) => {
  expectTypeOf(params).toEqualTypeOf<{ id: string }>()
  expectTypeOf(request).toEqualTypeOf<StrictRequest<{ title: string }>>()
  const body = await request.json()
  expectTypeOf(body).toEqualTypeOf<{ title: string }>()
  expectTypeOf(request.clone().json()).toEqualTypeOf<Promise<{ title: string }>>()
  return HttpResponse.json({ id: params.id, title: body.title })
})

// @ts-expect-error the response body lacks `title`, declared by ResponseBody
http.get<{ id: string }, never, Post>('/posts/:id', ({ params }) => HttpResponse.json({ id: params.id }))

// @ts-expect-error `id` must be a string in the declared ResponseBody
http.get<{}, never, Post>('/posts/first', () => HttpResponse.json({ id: 1, title: 'x' }))

// @ts-expect-error a text body does not match a declared object ResponseBody
http.get<{}, never, Post>('/posts/first', () => HttpResponse.text('nope'))
// @ts-expect-error issue 13 item 1: an extra field is rejected (NoInfer, as msw 2)
http.get<{}, never, Post>('/posts/first', () => HttpResponse.json({ id: '1', title: 'x', extra: 1 }))
// @ts-expect-error issue 13 item 1: a raw string body is rejected for a JSON object body type
http.get<{}, never, Post>('/posts/first', () => new HttpResponse('not a post'))

http.get<{}, never, Post[]>('/posts', () => HttpResponse.json([{ id: '1', title: 'a' }]))
http.get<{}, never, string>('/hello', () => HttpResponse.text('hello'))
// Returning nothing (fall through) and passthrough() fit any declared ResponseBody.
http.get<{}, never, Post>('/posts/maybe', () => undefined)
http.get<{}, never, Post>('/posts/real', () => passthrough())
// A generator resolver checks every yielded and returned response.
http.get<{}, never, Post>('/posts/gen', function* () {
  yield HttpResponse.json({ id: '1', title: 'one' })
  return HttpResponse.json({ id: '2', title: 'two' })
})
http.get<{}, never, Post>('/posts/gen', function* () {
  // @ts-expect-error a yielded response must match ResponseBody too
  yield HttpResponse.json({ wrong: true })
  return HttpResponse.json({ id: '2', title: 'two' })
})
// The same for an async generator, its yields and its return.
http.get<{}, never, Post>('/posts/async-gen', async function* () {
  yield HttpResponse.json({ id: '1', title: 'one' })
  return HttpResponse.json({ id: '2', title: 'two' })
})
http.get<{}, never, Post>('/posts/async-gen', async function* () {
  // @ts-expect-error a yielded response must match ResponseBody in an async generator too
  yield HttpResponse.json({ wrong: true })
})
http.get<{}, never, Post>('/posts/async-gen', async function* () {
  yield HttpResponse.json({ id: '1', title: 'one' })
  // @ts-expect-error the returned response must match ResponseBody too
  return HttpResponse.json({ wrong: true })
})
// Yielding something that is not a response is an error, as it is at runtime.
// @ts-expect-error a generator yields responses
http.get('/posts/gen-text', function* () {
  yield 'text'
})
// @ts-expect-error an array of responses is not a generator: the runtime steps the result by next()
http.get('/posts/array', () => [HttpResponse.text('a')])

// Params must be a record of strings.
// @ts-expect-error params are strings
http.get<{ id: number }>('/posts/:id', () => undefined)

// Issue 13 item 10: without a declared RequestBody, json() is the JSON union (msw's DefaultBodyType), not any.
http.post('/loose', async ({ request }) => {
  expectTypeOf(request.json()).toEqualTypeOf<Promise<JsonBodyType>>()
  const body = await request.json()
  // @ts-expect-error the body must be narrowed before use
  body.title
})
// A declared RequestBody narrows it.
http.post<{}, { title: string }>('/strict', async ({ request }) => {
  expectTypeOf(await request.json()).toEqualTypeOf<{ title: string }>()
})

// --- Issue 13 item 2: no fallback overload that defeats inference -------------

// @ts-expect-error a resolver typed for other params does not fit the path
http.get('/posts/:id', ({ params }: { params: { slug: string } }) => HttpResponse.json({ slug: params.slug }))
declare function slugResolver(info: { params: { slug: string } }): undefined
// @ts-expect-error a resolver declared for { slug } does not fit "/posts/:id"
http.get('/posts/:id', slugResolver)
// A RegExp or a function predicate, or a widened string, gives a string record.
http.get(/\/posts\/(?<id>\d+)/, ({ params }) => {
  expectTypeOf(params).toEqualTypeOf<Record<string, string>>()
})
declare const wide: string | RegExp
http.get(wide, ({ params }) => {
  expectTypeOf(params).toEqualTypeOf<Record<string, string>>()
})

// --- Issue 13 item 3 and 13: interface params, msw PathParams shapes ----------

interface PostParams {
  id: string
}
http.get<PostParams>('/posts/:id', ({ params }) => {
  expectTypeOf(params).toEqualTypeOf<PostParams>()
})
// (each declared key must be named by the path: issue 13 item 13)
http.get<{ id: string; tags: readonly string[] }>('/posts/:id/tagged/:tags', ({ params }) => {
  expectTypeOf(params.tags).toEqualTypeOf<readonly string[]>()
})
interface NumericParams {
  id: number
}
// @ts-expect-error param values are strings
http.get<NumericParams>('/posts/:id', () => undefined)

// --- Resolver results ---------------------------------------------------------

http.get('/sync', () => HttpResponse.text('ok'))
http.get('/async', async () => HttpResponse.json({ ok: true }))
http.get('/plain-response', () => new Response('plain'))
http.get('/nothing', () => {})
http.get('/async-nothing', async () => undefined)
http.get('/generator', function* () {
  yield HttpResponse.text('a')
  return HttpResponse.text('b')
})
http.get('/async-generator', async function* () {
  yield HttpResponse.text('a')
  return HttpResponse.text('b')
})

// @ts-expect-error a resolver must answer a Response, not a plain object
http.get('/wrong', () => ({ id: 1 }))

// @ts-expect-error a resolver must answer a Response, not a string
http.get('/wrong', () => 'text')

// @ts-expect-error an async resolver must resolve to a Response
http.get('/wrong', async () => 42)

// --- Predicates, options, result ----------------------------------------------

http.get(/\/orders\/(?<orderId>\d+)$/, ({ params }) => {
  expectTypeOf(params).toEqualTypeOf<Record<string, string>>()
})

http.post(
  ({ request, cookies }) => {
    expectTypeOf(request).toEqualTypeOf<Request>()
    expectTypeOf(cookies).toEqualTypeOf<Record<string, string>>()
    return request.headers.has('x-tenant')
  },
  () => HttpResponse.text('tenant'),
)

http.all('*', () => undefined)
http.put('/x', () => undefined, { once: true })
http.patch('/x', () => undefined)
http.head('/x', () => undefined)
http.options('/x', () => undefined)

// @ts-expect-error `once` is a boolean
http.get('/x', () => undefined, { once: 'yes' })

// @ts-expect-error the predicate is a string, RegExp or function
http.get(42, () => undefined)

// @ts-expect-error a predicate function returns a boolean
http.get(() => 'yes', () => undefined)

// @ts-expect-error http has no `connect` factory
http.connect('/x', () => undefined)

expectTypeOf(http.get('/x', () => undefined)).toEqualTypeOf<HttpHandler>()
expectTypeOf(http.get('/x', () => undefined).info.header).toEqualTypeOf<string>()
