// Spec §3 outside boundaries: use, resetHandlers, restoreHandlers, listHandlers.
import { http, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'
import nodeHttp from 'node:http'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { API, viaFetch, viaNodeHttp } from './support/clients.js'
import { failOnUnhandledRejection } from './support/harness.js'

const initialA = http.get(`${API}/a`, () => HttpResponse.text('initial a'))
const initialB = http.get(`${API}/b`, () => HttpResponse.text('initial b'))
const server = setupServer(initialA, initialB)

const originalFetch = globalThis.fetch
const originalHttpRequest = nodeHttp.request
failOnUnhandledRejection()
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }))
afterEach(() => server.resetHandlers(initialA, initialB))
afterAll(() => server.close())

const text = async (path: string) => (await viaFetch(`${API}${path}`)).body

describe('interception layers under test', () => {
  it('global fetch: patched unless MOCKLIB_FETCH_LAYER=socket', () => {
    expect(globalThis.fetch === originalFetch).toBe(process.env.MOCKLIB_FETCH_LAYER === 'socket')
  })

  it('node:http: patched unless MOCKLIB_HTTP_LAYER=socket', () => {
    expect(nodeHttp.request === originalHttpRequest).toBe(process.env.MOCKLIB_HTTP_LAYER === 'socket')
  })
})

describe('use()', () => {
  it('prepends runtime handlers before the initial ones', async () => {
    const override = http.get(`${API}/a`, () => HttpResponse.text('override a'))
    server.use(override)
    expect(server.listHandlers()).toEqual([override, initialA, initialB])
    expect(await text('/a')).toBe('override a')
    expect(await text('/b')).toBe('initial b')
  })

  it('prepends later calls before earlier ones, keeping each call in argument order', async () => {
    const first = http.get(`${API}/a`, () => HttpResponse.text('first'))
    const second = http.get(`${API}/a`, () => HttpResponse.text('second'))
    const third = http.get(`${API}/a`, () => HttpResponse.text('third'))
    server.use(first)
    server.use(second, third)
    expect(server.listHandlers()).toEqual([second, third, first, initialA, initialB])
    expect(await text('/a')).toBe('second')
  })

  it('throws when given an array, saying to spread it', () => {
    const a = http.get(`${API}/x`, () => HttpResponse.text('x'))
    const b = http.get(`${API}/y`, () => HttpResponse.text('y'))
    expect(() => server.use([a, b] as never)).toThrow(/array.*Spread it instead: server\.use\(\.\.\.handlers\)/s)
    expect(() => server.resetHandlers([a, b] as never)).toThrow(/Spread it/)
    expect(() => setupServer([a, b] as never)).toThrow(/Spread it/)
  })

  it('throws on something that is not a handler', () => {
    expect(() => server.use({} as never)).toThrow(/not a request handler/)
    expect(() => server.use(null as never)).toThrow(/null/)
  })
})

describe('resetHandlers()', () => {
  it('without arguments removes every runtime handler and keeps the initial ones', async () => {
    server.use(http.get(`${API}/a`, () => HttpResponse.text('override')))
    server.use(http.get(`${API}/c`, () => HttpResponse.text('c')))
    server.resetHandlers()
    expect(server.listHandlers()).toEqual([initialA, initialB])
    expect(await text('/a')).toBe('initial a')
  })

  it('with handlers makes them the initial handlers and removes everything else', async () => {
    server.use(http.get(`${API}/a`, () => HttpResponse.text('override')))
    const next = http.get(`${API}/a`, () => HttpResponse.text('next a'))
    server.resetHandlers(next)
    expect(server.listHandlers()).toEqual([next])
    expect(await text('/a')).toBe('next a')
    // The replaced initial /b handler is gone: the request reaches the unhandled policy.
    server.use(http.get(`${API}/b`, () => HttpResponse.text('override b')))
    server.resetHandlers()
    expect(server.listHandlers()).toEqual([next])
  })
})

describe('restoreHandlers()', () => {
  it('re-arms a used-up once handler exactly once more', async () => {
    server.use(http.get(`${API}/a`, () => HttpResponse.text('once'), { once: true }))
    expect(await text('/a')).toBe('once')
    expect(await text('/a')).toBe('initial a')
    server.restoreHandlers()
    expect(await text('/a')).toBe('once')
    expect(await text('/a')).toBe('initial a')
  })
})

describe('listHandlers()', () => {
  it('is a frozen snapshot in list order that later changes do not alter', () => {
    const snapshot = server.listHandlers()
    expect(Object.isFrozen(snapshot)).toBe(true)
    expect(() => (snapshot as unknown as unknown[]).push(initialA)).toThrow()
    server.use(http.get(`${API}/z`, () => HttpResponse.text('z')))
    expect(snapshot).toEqual([initialA, initialB])
    expect(server.listHandlers()).toHaveLength(3)
  })

  it('describes each handler', () => {
    expect(server.listHandlers().map((handler) => handler.info.header)).toEqual([`GET ${API}/a`, `GET ${API}/b`])
  })
})

describe('node:http sees the same list', () => {
  it('answers from an override and from the initial handlers', async () => {
    server.use(http.get(`${API}/a`, () => HttpResponse.text('override a')))
    expect((await viaNodeHttp(`${API}/a`)).body).toBe('override a')
    expect((await viaNodeHttp(`${API}/b`)).body).toBe('initial b')
  })
})
