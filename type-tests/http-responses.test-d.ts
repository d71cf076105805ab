// HttpResponse typing: body types carried by the static constructors.
import { expectTypeOf } from 'expect-type'
import { HttpResponse, type JsonBodyType } from 'mocklib'

// As in msw 2, the JSON body type comes from the context (a declared response
// body type) or an explicit generic, never from the body itself (NoInfer): so
// extra or misspelled fields are rejected where a body type is declared.
expectTypeOf(HttpResponse.json<{ id: string }>({ id: '1' })).toEqualTypeOf<HttpResponse<{ id: string }>>()
expectTypeOf(HttpResponse.json<number[]>([1, 2])).toEqualTypeOf<HttpResponse<number[]>>()
const untyped = HttpResponse.json({ id: '1' })
expectTypeOf(untyped).toEqualTypeOf<HttpResponse<JsonBodyType>>()
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
