// tsd, against dist/: issue 13 (Types v2), one positive and one negative case per item.
import { expectAssignable, expectError, expectType } from 'tsd'
import type { TypedDocumentNode } from '@graphql-typed-document-node/core'
import { http, HttpResponse, mock, type DefaultBodyType, type JsonBodyType, type PathParams } from 'mocklib'

interface Post {
  id: string
  title: string
}

// Item 4 and 5: one grammar for params, wildcards typed as the runtime gives them.
expectType<{ name: string; version: string }>({} as PathParams<'/pkg/:name@:version'>)
expectType<{ id: string }>({} as PathParams<'/posts/:id#top'>)
expectType<{}>({} as PathParams<'/search?q=:q'>)
expectType<{ '0': string }>({} as PathParams<'/files/*'>)
expectType<{ id: string }>({} as PathParams<'/p/:id(\\d+)'>)
expectError(http.get('/p/:id(.*)', () => undefined))

// Item 1: strict response bodies.
http.get<{}, never, Post>('/posts/1', () => HttpResponse.json({ id: '1', title: 'x' }))
expectError(http.get<{}, never, Post>('/posts/1', () => HttpResponse.json({ id: '1', title: 'x', extra: true })))
expectError(http.get<{}, never, Post>('/posts/1', () => new HttpResponse('not a post')))

// Item 2: no fallback overload.
expectError(http.get('/posts/:id', ({ params }: { params: { slug: string } }) => HttpResponse.text(params.slug)))

// Item 3: interface params.
interface PostParams {
  id: string
}
http.get<PostParams>('/posts/:id', ({ params }) => HttpResponse.text(params.id))

// Item 7 and 12: builder replies and statuses.
mock.get('/posts/:id').reply<Post>(200, { id: '1', title: 'x' })
expectError(mock.get('/posts/:id').reply<Post>(200))
expectError(HttpResponse.json({ ok: true }, { status: 999 }))
expectError(HttpResponse.json())

// Item 10: request.json() is DefaultBodyType, not any.
http.post('/posts', async ({ request }) => {
  expectType<JsonBodyType>(await request.json())
  expectAssignable<DefaultBodyType>(await request.json())
})

// Item 7 and 12 (builder): GraphQL variables checked against a typed document; one usage limit per mock.
declare const GetPost: TypedDocumentNode<{ post: Post | null }, { id: string }>
mock.query(GetPost).variables({ id: '1' }).reply({ data: { post: null } })
expectError(mock.query(GetPost).variables({ id: 123 }))
mock.get('/posts').reply(200).delay(5).once()
expectError(mock.get('/posts').reply(200).once().persist())
expectError(mock.get('/posts').reply(200).times(2).persist())

// Item 6: a path built in a generic helper.
export function crud<Base extends string>(base: Base) {
  return http.get(`${base}/:id`, ({ params }) => {
    expectType<string>(params.id)
    return HttpResponse.text(params.id)
  })
}

// Item 12: non-JSON values and literal statuses in every init.
expectError(HttpResponse.json(new Map([['id', '1']])))
expectError(HttpResponse.json(() => 1))
expectError(HttpResponse.arrayBuffer(new ArrayBuffer(1), { status: 700 }))
HttpResponse.json(undefined)
new HttpResponse(null, { status: 204 })
expectError(new HttpResponse(null, { status: 99 }))
expectError(new HttpResponse('x', { status: 600 }))
declare const anyStatus: number
new HttpResponse('x', { status: anyStatus })
class SubclassedResponse extends HttpResponse {}
expectType<HttpResponse<any>>(new SubclassedResponse(null, { status: 201 }))

// Item 13: explicit Params must not contradict the path.
expectError(http.get<{ slug: string }>('/posts/:id', () => undefined))
http.get<{ id: string }>('/posts/:id', ({ params }) => HttpResponse.text(params.id))
