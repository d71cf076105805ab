/**
 * Issue 14, items 5 and 8: params are null-prototype records with own
 * properties, so a param named like an `Object.prototype` member is data; a
 * pattern no URL can carry fails at handler creation with a `[mocklib]` error.
 */
import { http, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

/** What the resolver saw of `params`, described in JSON. */
async function inspectParams(pattern: string | RegExp, url: string): Promise<Record<string, unknown>> {
  server.use(
    http.get(pattern, ({ params }) =>
      HttpResponse.json({
        prototypeIsNull: Object.getPrototypeOf(params) === null,
        ownKeys: Object.keys(params),
        protoValue: Object.hasOwn(params, '__proto__') ? (params as Record<string, unknown>)['__proto__'] : 'missing',
        constructorType: typeof (params as Record<string, unknown>)['constructor'],
        constructorValue: (params as Record<string, unknown>)['constructor'] ?? null,
      }),
    ),
  )
  return (await (await fetch(url)).json()) as Record<string, unknown>
}

describe('params are null-prototype records', () => {
  it('keeps a param named __proto__ as an own property', async () => {
    const seen = await inspectParams('/items/:__proto__', 'https://pollution.test/items/polluted')
    expect(seen).toMatchObject({ prototypeIsNull: true, ownKeys: ['__proto__'], protoValue: 'polluted' })
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined()
  })

  it('has no inherited constructor unless it is a param', async () => {
    expect(await inspectParams('/items/:id', 'https://pollution.test/items/1')).toMatchObject({ constructorType: 'undefined', ownKeys: ['id'] })
    expect(await inspectParams('/items/:constructor', 'https://pollution.test/items/x')).toMatchObject({ constructorType: 'string', constructorValue: 'x' })
  })

  it('a catch-all and a RegExp predicate also give null-prototype params', async () => {
    expect(await inspectParams('*', 'https://pollution.test/a')).toMatchObject({ prototypeIsNull: true, constructorType: 'undefined' })
    const named = await inspectParams(/\/re\/(?<__proto__>[^/]+)$/, 'https://pollution.test/re/value')
    expect(named).toMatchObject({ prototypeIsNull: true, protoValue: 'value' })
  })
})

describe('patterns no URL can carry', () => {
  it('a lone surrogate fails at handler creation with a [mocklib] error', () => {
    const create = () => http.get('/emoji/\uD83D/:id', () => HttpResponse.text('never'))
    expect(create).toThrow(TypeError)
    expect(create).toThrow(/^\[mocklib\] http\.get\(\): the path "\/emoji\/\uD83D\/:id" contains a lone surrogate/)
  })

  it('a lone surrogate in an absolute URL pattern too', () => {
    expect(() => http.post('https://api.test/\uDC00', () => HttpResponse.text('never'))).toThrow(/^\[mocklib\].*lone surrogate/)
  })
})
