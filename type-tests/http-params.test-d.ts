import { expectTypeOf } from 'expect-type'
import { http, HttpResponse, type PathParams } from 'mocklib'

expectTypeOf<PathParams<'/posts/:id'>>().toEqualTypeOf<{ id: string }>()
expectTypeOf<PathParams<'/users/:userId/posts/:postId?'>>().toEqualTypeOf<{ userId: string; postId?: string | undefined }>()
expectTypeOf<PathParams<'http://localhost:3000/posts/:id'>>().toEqualTypeOf<{ id: string }>()
expectTypeOf<PathParams<string>>().toEqualTypeOf<Record<string, string>>()

http.get('/posts/:id', ({ params }) => {
  expectTypeOf(params.id).toEqualTypeOf<string>()
  // @ts-expect-error no such param
  params.slug
  return HttpResponse.json({ id: params.id })
})
