// Issue 36 item 5: path-to-regexp's inline patterns (`/p/:id(\\d+)`, as msw 1
// and express users write them) answer like path-to-regexp 6 (msw's matcher),
// checked side by side: each pattern of the safe subset and each URL go
// through setupServer and a real fetch on one side, and through
// path-to-regexp's `match` (case-insensitive, optional trailing slash, as msw
// configures it) on the other; matched or not, and the params, must agree.
import axios from 'axios'
import { http, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { match } from 'path-to-regexp'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

const ORIGIN = 'https://inline.patterns.test'
const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const cases: ReadonlyArray<readonly [pattern: string, paths: readonly string[]]> = [
  ['/p/:id(\\d+)', ['/p/123', '/p/0', '/p/12a', '/p/a12', '/p/', '/p/123/']],
  ['/p/:id(\\d+)/comments', ['/p/7/comments', '/p/x/comments']],
  ['/p/:a-:b(\\d+)', ['/p/x-y-1', '/p/x-1', '/p/x-y', '/p/-1']],
  ['/y/:year(\\d{4})', ['/y/2024', '/y/202', '/y/20245']],
  ['/y/:year(\\d{2,4})-:month(\\d{2})', ['/y/24-01', '/y/2024-12', '/y/2-01', '/y/2024-1']],
  ['/s/:slug([a-z0-9-]+)', ['/s/hello-world-2', '/s/Hello', '/s/hello_world']],
  ['/s/:slug([^.]+).json', ['/s/a-b.json', '/s/a.b.json', '/s/.json']],
  ['/f/:name.:format(json|xml)', ['/f/a.json', '/f/a.b.xml', '/f/a.txt', '/f/a.JSON']],
  ['/v/:version(v1|v2)/items', ['/v/v1/items', '/v/v3/items', '/v/V2/items']],
  ['/c/:code(\\w?)/x', ['/c/a/x', '/c/ab/x']],
  ['/o/:id(\\d+)?', ['/o', '/o/5', '/o/x']],
  ['/w/:word(\\w+)-:n(\\d*)', ['/w/abc-12', '/w/abc-', '/w/a-b-1']],
]

/** What msw 2 (path-to-regexp 6, case-insensitive, loose trailing slash) gives for `path`. */
function reference(pattern: string, path: string): Record<string, string> | undefined {
  const found = match<Record<string, string>>(pattern, { decode: decodeURIComponent, sensitive: false, strict: false })(path)
  if (found === false) return undefined
  // path-to-regexp lists an absent optional param as undefined; mocklib leaves it out.
  return Object.fromEntries(Object.entries(found.params).filter(([, value]) => value !== undefined))
}

describe('inline patterns answer like path-to-regexp', () => {
  for (const [pattern, paths] of cases) {
    it.each(paths)(`${pattern} on %s`, async (path) => {
      server.use(
        http.get(pattern, ({ params }) => HttpResponse.json({ matched: true, params: Object.fromEntries(Object.entries(params)) })),
        http.get('*', () => HttpResponse.json({ matched: false })),
      )
      const answer = (await (await fetch(`${ORIGIN}${path}`)).json()) as { matched: boolean; params?: Record<string, string> }
      const expected = reference(pattern, path)
      expect(answer.matched).toBe(expected !== undefined)
      if (expected !== undefined) expect(answer.params).toEqual(expected)
    })
  }

  it('only digits reach a (\\d+) handler, through another client too', async () => {
    server.use(
      http.get('/orders/:id(\\d+)', ({ params }) => HttpResponse.json({ by: 'id', id: params.id })),
      http.get('/orders/:name', ({ params }) => HttpResponse.json({ by: 'name', name: params.name })),
    )
    expect((await axios.get(`${ORIGIN}/orders/42`)).data).toEqual({ by: 'id', id: '42' })
    expect((await axios.get(`${ORIGIN}/orders/latest`)).data).toEqual({ by: 'name', name: 'latest' })
  })
})

describe('where mocklib differs from path-to-regexp on purpose', () => {
  it('a param with an inline pattern never spans a "/"', async () => {
    server.use(
      http.get('/n/:rest([^.]+)', () => HttpResponse.json({ matched: true })),
      http.get('*', () => HttpResponse.json({ matched: false })),
    )
    // path-to-regexp lets [^.]+ cross segments; mocklib keeps every path param within one.
    expect(reference('/n/:rest([^.]+)', '/n/a/b')).toEqual({ rest: 'a/b' })
    expect(((await (await fetch(`${ORIGIN}/n/a/b`)).json()) as { matched: boolean }).matched).toBe(false)
  })

  it('refuses patterns outside the safe subset at creation, saying what is accepted', () => {
    for (const pattern of ['/p/:id(.*)', '/p/:id(\\d+-\\d+)', '/p/:id((\\d+))', '/p/:id(a+)+', '/p/:id(\\d+?)']) {
      expect(() => http.get(pattern as string, () => undefined), pattern).toThrow(/^\[mocklib\] http\.get\(\): the path ".*" gives ":id" the inline pattern .*Accepted: one character class/)
    }
  })
})
