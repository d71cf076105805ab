// Issue 13 item 6: a path built in a generic helper (`${base}/:id` with `base`
// of a type parameter type). The hole adds nothing; the params written
// around it are typed as for a literal, on every factory that infers params
// from the path (http.*, mock.*, sse, ws.link).
import { expectTypeOf } from 'expect-type'
import { http, HttpResponse, mock, sse, ws, type PathParams } from 'mocklib'

export function crud<Base extends string>(base: Base) {
  return [
    http.get(`${base}/:id`, ({ params }) => {
      expectTypeOf(params.id).toEqualTypeOf<string>()
      // @ts-expect-error the path has no :slug
      params.slug
      return HttpResponse.json({ id: params.id })
    }),
    http.put(`/api/${base}/:id/items/:itemId?`, ({ params }) => {
      expectTypeOf(params.id).toEqualTypeOf<string>()
      expectTypeOf(params.itemId).toEqualTypeOf<string | undefined>()
      // @ts-expect-error an optional param may be undefined
      const itemId: string = params.itemId
      return HttpResponse.json({ itemId })
    }),
    http.get(`${base}/files/*`, ({ params }) => {
      expectTypeOf(params[0]).toEqualTypeOf<string>()
    }),
    // An inline pattern is read around a generic hole too.
    http.get(`${base}/:id(\\d+)`, ({ params }) => {
      expectTypeOf(params.id).toEqualTypeOf<string>()
    }),
    // @ts-expect-error an inline pattern outside the safe subset is refused, also around a generic hole
    http.get(`${base}/:id(.*)`, () => undefined),
    // @ts-expect-error a resolver typed for other params does not fit
    http.get(`${base}/:id`, ({ params }: { params: { slug: string } }) => HttpResponse.text(params.slug)),
    mock.get(`${base}/:id`).reply(({ params }) => {
      expectTypeOf(params.id).toEqualTypeOf<string>()
      return HttpResponse.json({ id: params.id })
    }),
    sse(`${base}/stream/:channel`, ({ params }) => {
      expectTypeOf(params.channel).toEqualTypeOf<string>()
    }),
  ]
}

export function rooms<Host extends string>(host: Host) {
  return ws.link(`wss://${host}/rooms/:room`).addEventListener('connection', ({ params }) => {
    expectTypeOf(params.room).toEqualTypeOf<string>()
  })
}

// A hole constrained to literals distributes over them.
export function versioned<Version extends 'v1' | 'v2/:tenant'>(version: Version) {
  return http.get(`/${version}/posts/:id`, ({ params }) => {
    expectTypeOf(params.id).toEqualTypeOf<string>()
  })
}

// Outside a generic, a `${string}` hole is the same.
expectTypeOf<PathParams<`${string}/:id`>>().toEqualTypeOf<{ id: string }>()
expectTypeOf<PathParams<`/a/${string}/:id/*`>>().toEqualTypeOf<{ id: string; '0': string }>()
// And the literal forms keep their flat types.
expectTypeOf<PathParams<'/posts/:id'>>().toEqualTypeOf<{ id: string }>()
expectTypeOf<PathParams<'/posts'>>().toEqualTypeOf<{}>()
expectTypeOf<PathParams<string>>().toEqualTypeOf<Record<string, string>>()
