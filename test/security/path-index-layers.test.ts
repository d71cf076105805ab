/**
 * `server.use()` and `server.boundary()` stay cheap with thousands of handlers:
 * the list they make extends the existing one and indexes only the added
 * handlers, so the first request after them never re-files the initial
 * handlers (which cost milliseconds per request with 10,000 routes). The order
 * in which handlers are tried must stay the list order across these layers.
 */
import { graphql, http, HttpResponse, type RequestHandler } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

/** Counts how often the index reads a handler's index key (an own getter over the class's). */
function counted<H extends RequestHandler>(handler: H, reads: { count: number }): H {
  const prototype = Object.getPrototypeOf(handler) as object
  let owner: object | null = prototype
  let descriptor: PropertyDescriptor | undefined
  while (owner !== null && (descriptor = Object.getOwnPropertyDescriptor(owner, 'indexKey')) === undefined) owner = Object.getPrototypeOf(owner) as object | null
  const read = descriptor?.get ?? (() => descriptor?.value)
  Object.defineProperty(handler, 'indexKey', {
    get() {
      reads.count++
      return read.call(handler)
    },
  })
  return handler
}

const ORIGIN = 'http://layers.test'
const reads = { count: 0 }
const initial = Array.from({ length: 1_000 }, (_, i) => counted(http.get(`${ORIGIN}/r${i}/:id`, ({ params }) => HttpResponse.json({ route: i, id: params.id })), reads))
const server = setupServer(...initial, graphql.query('Base', () => HttpResponse.json({ data: { from: 'base' } })))

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const text = async (url: string, init?: RequestInit) => (await fetch(url, init)).text()
const query = (name: string) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: `query ${name} { from }` }) })

describe('lists that extend lists', () => {
  it('do not re-file the initial handlers on the first request after use()', async () => {
    expect(await text(`${ORIGIN}/r7/a`)).toBe('{"route":7,"id":"a"}')
    const before = reads.count
    for (let i = 0; i < 20; i++) {
      server.use(http.get(`${ORIGIN}/r7/:id`, () => HttpResponse.text(`override ${i}`)))
      expect(await text(`${ORIGIN}/r7/a`)).toBe(`override ${i}`)
      expect(await text(`${ORIGIN}/r999/b`)).toBe('{"route":999,"id":"b"}')
    }
    expect(reads.count).toBe(before)
  })

  it('do not re-file them in a boundary either, and keep the order: newest use() first, then the parent’s handlers', async () => {
    expect(await text(`${ORIGIN}/r3/a`)).toBe('{"route":3,"id":"a"}')
    const before = reads.count
    await server.boundary(async () => {
      server.use(http.get(`${ORIGIN}/r3/:id`, () => undefined), http.get(`${ORIGIN}/r3/:id`, () => HttpResponse.text('outer')))
      expect(await text(`${ORIGIN}/r3/a`)).toBe('outer')
      await server.boundary(async () => {
        expect(await text(`${ORIGIN}/r3/a`)).toBe('outer')
        server.use(http.get(`${ORIGIN}/r3/:id`, () => HttpResponse.text('inner')))
        expect(await text(`${ORIGIN}/r3/a`)).toBe('inner')
        expect(await text(`${ORIGIN}/r4/a`)).toBe('{"route":4,"id":"a"}')
        expect(server.listHandlers()).toHaveLength(initial.length + 4)
      })()
      expect(await text(`${ORIGIN}/r3/a`)).toBe('outer')
    })()
    expect(await text(`${ORIGIN}/r3/a`)).toBe('{"route":3,"id":"a"}')
    expect(reads.count).toBe(before)
  })

  it('ask every channel of every layer: GraphQL below REST overrides, REST below GraphQL overrides', async () => {
    server.use(http.get(`${ORIGIN}/added`, () => HttpResponse.text('added')))
    expect(await text(`${ORIGIN}/graphql`, query('Base'))).toBe('{"data":{"from":"base"}}')
    server.use(graphql.query('Added', () => HttpResponse.json({ data: { from: 'added' } })))
    expect(await text(`${ORIGIN}/graphql`, query('Added'))).toBe('{"data":{"from":"added"}}')
    expect(await text(`${ORIGIN}/graphql`, query('Base'))).toBe('{"data":{"from":"base"}}')
    expect(await text(`${ORIGIN}/r12/z`)).toBe('{"route":12,"id":"z"}')
    expect(await text(`${ORIGIN}/added`)).toBe('added')
  })

  it('start over from new initial handlers after resetHandlers(...handlers)', async () => {
    server.use(http.get(`${ORIGIN}/r1/:id`, () => HttpResponse.text('override')))
    server.resetHandlers(http.get(`${ORIGIN}/r1/:id`, () => HttpResponse.text('next initial')))
    expect(await text(`${ORIGIN}/r1/a`)).toBe('next initial')
    server.use(http.get(`${ORIGIN}/r1/:id`, () => undefined))
    expect(await text(`${ORIGIN}/r1/a`)).toBe('next initial')
    server.resetHandlers(...initial)
  })
})
