// HttpResponse.json() refuses the values JSON.stringify would silently turn
// into "{}" or drop (issue 13 item 12): the resolver's mistake reaches the
// client as a 500 naming it, instead of an empty or "{}" body.
import { http, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { API, clients } from './support/clients.js'
import { failOnUnhandledRejection } from './support/harness.js'

const server = setupServer()
failOnUnhandledRejection()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

// Typed as unknown: the types refuse these too (type-tests/http-responses.test-d.ts).
const refused: ReadonlyArray<readonly [string, () => unknown, string]> = [
  ['a function', () => () => ({ id: '1' }), 'got a function'],
  ['a Map', () => new Map([['id', '1']]), 'Object.fromEntries(map)'],
  ['a Set', () => new Set(['a']), '[...set]'],
  ['a WeakMap', () => new WeakMap(), 'got a WeakMap or WeakSet'],
  ['a Promise', () => Promise.resolve({ id: '1' }), 'Await it first'],
  ['an ArrayBuffer', () => new ArrayBuffer(2), 'HttpResponse.arrayBuffer()'],
  ['a Uint8Array', () => new Uint8Array([1, 2]), 'HttpResponse.arrayBuffer()'],
]

describe('HttpResponse.json() refuses non-JSON values', () => {
  it.each(refused)('throws a [mocklib] TypeError for %s', (_name, make, hint) => {
    const body = make()
    expect(() => HttpResponse.json(body as never)).toThrow(TypeError)
    expect(() => HttpResponse.json(body as never)).toThrow(/^\[mocklib\] HttpResponse\.json\(\) got /)
    expect(() => HttpResponse.json(body as never)).toThrow(hint)
  })

  it('accepts plain values, null-prototype objects, class instances and undefined', async () => {
    class Post {
      id = '1'
      toJSON() {
        return { id: this.id, kind: 'post' }
      }
    }
    const bare = Object.assign(Object.create(null) as Record<string, unknown>, { a: 1 })
    expect(await HttpResponse.json({ a: [1, { b: 2 }] }).text()).toBe('{"a":[1,{"b":2}]}')
    expect(await HttpResponse.json(bare).text()).toBe('{"a":1}')
    expect(await HttpResponse.json(new Post()).text()).toBe('{"id":"1","kind":"post"}')
    expect(await HttpResponse.json({ at: new Date(0) }).text()).toBe('{"at":"1970-01-01T00:00:00.000Z"}')
    expect(await HttpResponse.json([1, 2]).text()).toBe('[1,2]')
    expect(await HttpResponse.json('x').text()).toBe('"x"')
    expect(await HttpResponse.json(null).text()).toBe('null')
    expect(await HttpResponse.json(undefined).text()).toBe('')
  })
})

describe.each(clients)('a resolver answering json(new Map()) through %s', (_name, client) => {
  it('gives the client a 500 that names the mistake', async () => {
    server.use(http.get(`${API}/map`, () => HttpResponse.json(new Map([['id', '1']]) as never)))
    const reply = await client(`${API}/map`)
    expect(reply.status).toBe(500)
    expect(JSON.parse(reply.body)).toMatchObject({ name: 'TypeError', message: expect.stringContaining('[mocklib] HttpResponse.json() got a Map') })
  })
})
