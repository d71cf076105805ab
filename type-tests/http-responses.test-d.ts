// HttpResponse typing: body types carried by the static constructors.
import { expectTypeOf } from 'expect-type'
import { HttpResponse, type JsonBodyType } from 'mocklib'

// As in msw 2, a declared JSON body type comes from the context (a declared
// response body type) or an explicit generic and is never inferred from the
// body itself: so extra or misspelled fields are rejected where a body type is
// declared. Where none is declared, the response keeps the body's shape
// (issue 24 item 6; msw 2 answers HttpResponse<JsonBodyType> there).
expectTypeOf(HttpResponse.json<{ id: string }>({ id: '1' })).toEqualTypeOf<HttpResponse<{ id: string }>>()
expectTypeOf(HttpResponse.json<number[]>([1, 2])).toEqualTypeOf<HttpResponse<number[]>>()
const untyped = HttpResponse.json({ id: '1' })
expectTypeOf(untyped).toEqualTypeOf<HttpResponse<{ id: string }>>()
expectTypeOf(untyped).not.toEqualTypeOf<HttpResponse<JsonBodyType>>()
interface Post {
  id: string
  title: string
}
const strict: HttpResponse<Post> = HttpResponse.json({ id: '1', title: 'a' })
void strict
// @ts-expect-error issue 13 item 1: an extra field is rejected for a declared body type
const extra: HttpResponse<Post> = HttpResponse.json({ id: '1', title: 'a', extra: true })
// @ts-expect-error issue 13 item 1: a misspelled field is rejected
const misspelled: HttpResponse<Post> = HttpResponse.json({ id: '1', titel: 'a' })
// @ts-expect-error issue 13 item 1: a raw string is not a JSON object body
const raw: HttpResponse<Post> = new HttpResponse('not a post')
const stream: HttpResponse<Post> = new HttpResponse(new ReadableStream())
const text: HttpResponse<string> = new HttpResponse('a string body type takes a string')
void [extra, misspelled, raw, stream, text]
expectTypeOf(HttpResponse.text('pong')).toEqualTypeOf<HttpResponse<'pong'>>()
expectTypeOf(HttpResponse.xml('<a/>')).toEqualTypeOf<HttpResponse<'<a/>'>>()
expectTypeOf(HttpResponse.html('<p/>')).toEqualTypeOf<HttpResponse<'<p/>'>>()
expectTypeOf(HttpResponse.arrayBuffer(new ArrayBuffer(1))).toEqualTypeOf<HttpResponse<ArrayBuffer>>()
expectTypeOf(HttpResponse.formData(new FormData())).toEqualTypeOf<HttpResponse<FormData>>()
expectTypeOf(HttpResponse.error()).toMatchTypeOf<Response>()
expectTypeOf(new HttpResponse(null, { status: 404 })).toMatchTypeOf<Response>()
expectTypeOf(new HttpResponse('x')).toEqualTypeOf<HttpResponse<any>>()

// An HttpResponse is a Response.
const asResponse: Response = HttpResponse.json({ ok: true })
void asResponse

// Init is the Fetch ResponseInit.
HttpResponse.json({ ok: true }, { status: 201, statusText: 'Created', headers: { 'x-a': '1' } })
HttpResponse.text('x', { headers: [['set-cookie', 'a=1']] })
new HttpResponse(new ReadableStream(), { headers: new Headers() })

// @ts-expect-error status is a number
HttpResponse.json({ ok: true }, { status: '201' })
// @ts-expect-error text bodies are strings
HttpResponse.text(42)
// @ts-expect-error a symbol is not a JSON body
HttpResponse.json(Symbol('x'))

expectTypeOf<{ nested: { list: string[] } }>().toMatchTypeOf<JsonBodyType>()

// Issue 13 item 12: what the runtime refuses, the types refuse.
// @ts-expect-error json() needs a body (null for an empty one)
HttpResponse.json()
// json(undefined) compiles, as in msw: \`HttpResponse.json(await request.json())\` must (its type includes undefined).
HttpResponse.json(undefined)
HttpResponse.json(null)
// @ts-expect-error a literal status outside 200–599 (the Fetch Response throws a RangeError)
HttpResponse.json({ ok: true }, { status: 999 })
// @ts-expect-error status 0 is refused too
HttpResponse.text('x', { status: 0 })
// @ts-expect-error a 1xx status cannot be answered
HttpResponse.html('<p/>', { status: 101 })
HttpResponse.xml('<a/>', { status: 599 })
HttpResponse.json({ ok: true }, { status: 200 })
declare const someStatus: number
HttpResponse.json({ ok: true }, { status: someStatus })

// Issue 13 item 12: values the runtime refuses as a JSON body (JSON.stringify would give "{}" or nothing).
// @ts-expect-error a function is not a JSON body
HttpResponse.json(() => ({ id: '1' }))
// @ts-expect-error a Map is not a JSON body (pass Object.fromEntries(map))
HttpResponse.json(new Map([['id', '1']]))
// @ts-expect-error a Set is not a JSON body (pass [...set])
HttpResponse.json(new Set(['a']))
// @ts-expect-error a Promise is not a JSON body (await it)
HttpResponse.json(Promise.resolve({ id: '1' }))
// @ts-expect-error a Map is refused where a body type is declared too
const declaredMap: HttpResponse<Record<string, string>> = HttpResponse.json(new Map<string, string>())
void declaredMap
// Plain values, class instances, Dates and what request.json() gives stay allowed.
class PostModel {
  id = '1'
}
HttpResponse.json(new PostModel())
HttpResponse.json({ at: new Date(), list: [1, 2], nested: { ok: true } })
HttpResponse.json('text')
HttpResponse.json(42)
declare const fromRequest: JsonBodyType
HttpResponse.json(fromRequest)
export function echo<Body extends JsonBodyType>(body: Body) {
  return HttpResponse.json(body)
}
// A declared body type keeps its strictness (NoInfer) through the check.
const declared: HttpResponse<Post> = HttpResponse.json({ id: '1', title: 'a' })
void declared

// A literal status outside 200–599 in every helper's init.
// @ts-expect-error arrayBuffer() init
HttpResponse.arrayBuffer(new ArrayBuffer(1), { status: 99 })
// @ts-expect-error formData() init
HttpResponse.formData(new FormData(), { status: 700 })
// @ts-expect-error xml() init
HttpResponse.xml('<a/>', { status: 600 })
HttpResponse.arrayBuffer(new ArrayBuffer(1), { status: 206 })
HttpResponse.formData(new FormData(), { status: someStatus })

// Issue 13 item 12: the constructor checks a literal status too (undici's Response throws a RangeError).
// @ts-expect-error a literal status below 200 in the constructor
new HttpResponse(null, { status: 99 })
// @ts-expect-error a literal status above 599 in the constructor
new HttpResponse('x', { status: 600 })
// @ts-expect-error status 0 in the constructor
new HttpResponse(new ReadableStream(), { status: 0, headers: { 'x-a': '1' } })
new HttpResponse(null, { status: 201 })
new HttpResponse('x', { status: someStatus, statusText: 'Whatever' })
const statusInit: ResponseInit = { status: 204 }
new HttpResponse(null, statusInit)
// @ts-expect-error a literal status out of range is refused with a declared body type too
const declaredOutOfRange: HttpResponse<Post> = new HttpResponse(new ReadableStream(), { status: 700 })
void declaredOutOfRange

// The value is still a class: subclassing, instanceof, explicit generics, the instance type.
class MyResponse extends HttpResponse {}
expectTypeOf(new MyResponse(null, { status: 202 })).toMatchTypeOf<HttpResponse<any>>()
class PostResponse extends HttpResponse<Post> {}
expectTypeOf(new PostResponse(null)).toMatchTypeOf<HttpResponse<Post>>()
expectTypeOf(new HttpResponse<Post>(null, { status: 201 })).toEqualTypeOf<HttpResponse<Post>>()
// @ts-expect-error an explicit JSON body type still refuses a raw string body
new HttpResponse<Post>('not a post')
declare const anything: unknown
if (anything instanceof HttpResponse) expectTypeOf(anything).toEqualTypeOf<HttpResponse<any>>()
if (anything instanceof MyResponse) expectTypeOf(anything).toEqualTypeOf<MyResponse>()
expectTypeOf(HttpResponse.json<Post>({ id: '1', title: 'a' }, { status: 201 })).toEqualTypeOf<HttpResponse<Post>>()
expectTypeOf(HttpResponse.redirect('https://example.com/', 301)).toMatchTypeOf<Response>()
export const annotated = ({ params }: { params: { id: string } }): HttpResponse<Post> => HttpResponse.json({ id: params.id, title: 'a' })
