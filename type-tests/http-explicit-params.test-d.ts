// Issue 13 item 13: explicit Params that contradict the path literal are
// errors; msw's PathParams shapes, interfaces and matching records are not.
import { expectTypeOf } from 'expect-type'
import { http, HttpResponse } from 'mocklib'

/** msw 2's `PathParams<Key>`, as msw users import it. */
type MswPathParams<Key extends keyof any = string> = { [Name in Key]: string | readonly string[] }
interface PostParams {
  id: string
}
declare const API: string
declare const widePath: string

// @ts-expect-error the path has :id, the declared Params want :slug
http.get<{ slug: string }>('/posts/:id', () => undefined)
// @ts-expect-error every required key must be named by the path
http.get<{ userId: string; postId: string }>('/users/:userId/posts/:id', () => undefined)
// @ts-expect-error a template path is checked on its literal parts
http.get<{ userId: string; postId: string }>(`${API}/users/:userId/posts/:id`, () => undefined)
// @ts-expect-error msw's PathParams with named keys is checked too
http.get<MswPathParams<'slug'>>('/posts/:id', () => undefined)
// @ts-expect-error a path only known as `string` cannot show the declared params
http.get<PostParams>(widePath, () => undefined)

http.get<{ id: string }>('/posts/:id', ({ params }) => {
  expectTypeOf(params).toEqualTypeOf<{ id: string }>()
  return HttpResponse.json({ id: params.id })
})
http.get<PostParams>(`${API}/posts/:id`, ({ params }) => {
  expectTypeOf(params).toEqualTypeOf<PostParams>()
})
http.get<{ userId: string; postId: string }>(`${API}/users/:userId/posts/:postId`, () => undefined)
// Optional keys may be absent from the path.
http.get<{ id?: string }>('/posts', () => undefined)
// msw's PathParams shapes: the index-signature default accepts any path, named keys the paths naming them.
http.get<MswPathParams>('/posts/:id', ({ params }) => {
  expectTypeOf(params.id).toEqualTypeOf<string | readonly string[] | undefined>()
})
http.get<MswPathParams<'id'>>('/posts/:id', () => undefined)
http.get<Record<string, string>>(widePath, () => undefined)
// `never` and `{}` Params (msw's way to type only the bodies) take any path.
http.post<never, { title: string }>('/posts', async ({ request }) => {
  expectTypeOf(await request.json()).toEqualTypeOf<{ title: string }>()
})
http.post<{}, { title: string }>('/posts/:id', () => undefined)
// RegExp and function predicates are not checked against Params.
http.get<PostParams>(/\/posts\/(?<id>[^/]+)/, () => undefined)
http.get<PostParams>(({ request }) => request.url.endsWith('/1'), () => undefined)
