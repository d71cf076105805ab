// Issue 36 item 5: a helper generic over the path (`<Path extends string>(path: Path)`)
// compiles without casts: the params its resolver gets are a string record
// that is also the helper's own `PathParams<Path>`, so they can be handed on
// to a callback or a function typed with `PathParams<Path>`; at the call
// site the callback's params are those of the literal path.
import { expectTypeOf } from 'expect-type'
import { http, HttpResponse, type PathParams } from 'mocklib'

export function mockGet<Path extends string>(path: Path, body: unknown) {
  return http.get(path, ({ params }) => {
    // The path is unknown inside the helper: any name reads as a string (maybe absent).
    expectTypeOf(params.id).toEqualTypeOf<string | undefined>()
    const record: Record<string, string> = params
    // @ts-expect-error params are strings, not any
    params.id.toFixed()
    return HttpResponse.json({ body, keys: Object.keys(record) })
  })
}

export function mockGetWith<Path extends string>(path: Path, respond: (params: PathParams<Path>) => { id: string }) {
  return http.get(path, ({ params }) => HttpResponse.json(respond(params)))
}

function describeParams<Path extends string>(_path: Path, params: PathParams<Path>): string {
  const record: Record<string, string | undefined> = params
  return JSON.stringify(record)
}

export function mockDescribed<Path extends string>(path: Path) {
  return http.get(path, ({ params }) => HttpResponse.text(describeParams(path, params)))
}

// At the call site the params are the literal path's.
export const handlers = [
  mockGet('/posts/:id', { id: '1' }),
  mockGetWith('/posts/:postId/comments/:id', (params) => {
    expectTypeOf(params).toEqualTypeOf<{ postId: string; id: string }>()
    return { id: params.id }
  }),
  mockGetWith('/users/:userId', (params) => {
    // @ts-expect-error the path has no :id
    return { id: params.id }
  }),
  mockDescribed('/files/*'),
]
describeParams('/posts/:id', { id: '1' })
// @ts-expect-error the literal path's params are required where PathParams<Path> is expected
describeParams('/posts/:id', { slug: '1' })

// A refused pattern built from the helper's path is still refused.
export function withBadPattern<Path extends string>(path: Path) {
  // @ts-expect-error an inline pattern outside the safe subset
  return http.get(`${path}/:id(.*)`, () => undefined)
}

// Issue 36 item 5's leftover: params known only as a string record (a RegExp
// route's, a fallback) are the helper's `PathParams<Path>` too, without a cast:
// the path is unknown inside the helper, so its params are any string record.
export function mockMatching<Path extends string>(path: Path, respond: (params: PathParams<Path>) => { id: string }) {
  return http.get(new RegExp(path), ({ params }) => HttpResponse.json(respond(params)))
}

export function mockWithDefaults<Path extends string>(path: Path, respond: (params: PathParams<Path>) => { id: string }) {
  const defaults: Record<string, string> = { id: 'default' }
  const none: Record<string, number> = {}
  const maybe: Record<string, string | undefined> = {}
  // @ts-expect-error params are strings, not numbers
  respond(none)
  // @ts-expect-error a param read from the record is a string, not undefined
  respond(maybe)
  return [http.get(path, () => HttpResponse.json(respond(defaults))), describeParams(path, defaults)]
}

// Where the path is a literal, a string record does not show the path's keys.
declare const someRecord: Record<string, string>
// @ts-expect-error a record may lack :id
describeParams('/posts/:id', someRecord)
describeParams('/posts', someRecord)
describeParams(`/posts/${'x' as string}`, someRecord)
