// HttpResponse typing: body types carried by the static constructors.
import { expectTypeOf } from 'expect-type'
import { HttpResponse, type JsonBodyType } from 'mocklib'

expectTypeOf(HttpResponse.json({ id: '1' })).toEqualTypeOf<HttpResponse<{ id: string }>>()
expectTypeOf(HttpResponse.json([1, 2])).toEqualTypeOf<HttpResponse<number[]>>()
expectTypeOf(HttpResponse.json(null)).toEqualTypeOf<HttpResponse<null>>()
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
