// mocklib/node under Jest's jsdom environment, with no polyfill: the test's
// context has no Response, Request, TextEncoder, ReadableStream or
// BroadcastChannel (nor fetch), and mocklib must neither need nor add them. axios
// takes its XHR adapter here (jsdom's XMLHttpRequest). jsdom has no fetch, and
// undici cannot load there without polyfills (it needs TextDecoder), so the fetch
// client is Node's own, read from Node's main context: the one jest-fixed-jsdom
// would copy into the environment.
import axios from 'axios'
import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals'
import { graphql, http, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { runInThisContext } from 'node:vm'

const fetch = runInThisContext('fetch') as typeof globalThis.fetch

// Same origin as the jsdom document (testEnvironmentOptions.url), so that XHR needs no CORS.
const API = 'http://app.example.test/api'

const server = setupServer(
  http.get(`${API}/users/:id`, ({ params }) => HttpResponse.json({ id: params.id, name: 'Ada' })),
  http.get(`${API}/offline`, () => HttpResponse.error()),
  graphql.query('GetUser', ({ variables }) => HttpResponse.json({ data: { user: { id: variables.id, name: 'Grace' } } })),
)

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const query = { query: 'query GetUser($id: ID!) { user(id: $id) { id name } }', variables: { id: 'u1' } }

describe('mocklib/node under Jest + jsdom, without polyfills', () => {
  it('leaves the test environment as jsdom made it', () => {
    expect(typeof window).toBe('object')
    for (const name of ['fetch', 'Request', 'Response', 'TextEncoder', 'ReadableStream', 'BroadcastChannel']) {
      expect(typeof (globalThis as Record<string, unknown>)[name]).toBe('undefined')
    }
  })

  it('answers REST requests made with axios (XHR adapter)', async () => {
    const response = await axios.get(`${API}/users/7`, { adapter: 'xhr' })
    expect(response.status).toBe(200)
    expect(response.data).toEqual({ id: '7', name: 'Ada' })
  })

  it('answers cross-origin XHR without CORS headers in the handler (as msw answers XHR at the XHR level)', async () => {
    server.use(http.get('https://api.example.test/users/:id', ({ params }) => HttpResponse.json({ id: params.id, origin: 'other' })))
    const response = await axios.get('https://api.example.test/users/5', { adapter: 'xhr' })
    expect(response.data).toEqual({ id: '5', origin: 'other' })
  })

  it('answers REST requests made with fetch', async () => {
    const response = await fetch(`${API}/users/8`)
    expect(await response.json()).toEqual({ id: '8', name: 'Ada' })
  })

  it('answers GraphQL queries made with axios and with fetch', async () => {
    const viaAxios = await axios.post(`${API}/graphql`, query, { adapter: 'xhr' })
    expect(viaAxios.data).toEqual({ data: { user: { id: 'u1', name: 'Grace' } } })
    const viaFetch = await fetch(`${API}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(query) })
    expect(await viaFetch.json()).toEqual({ data: { user: { id: 'u1', name: 'Grace' } } })
  })

  it('HttpResponse.error() makes axios and fetch fail', async () => {
    await expect(axios.get(`${API}/offline`, { adapter: 'xhr' })).rejects.toMatchObject({ message: 'Network Error' })
    // Node's fetch throws its own realm's TypeError, not the test context's.
    await expect(fetch(`${API}/offline`)).rejects.toMatchObject({ name: 'TypeError' })
  })

  it("fails a request no handler answers under onUnhandledRequest: 'error'", async () => {
    const printed = jest.spyOn(console, 'error').mockImplementation(() => {})
    try {
      await expect(axios.get(`${API}/nobody-home`, { adapter: 'xhr' })).rejects.toThrow()
      await expect(fetch(`${API}/nobody-home`)).rejects.toThrow()
      expect(printed.mock.calls.flat().join(' ')).toContain(`${API}/nobody-home`)
    } finally {
      printed.mockRestore()
    }
  })

  it('boundary() keeps use() to the one call', async () => {
    const scoped = server.boundary(async () => {
      server.use(http.get(`${API}/users/:id`, () => HttpResponse.json({ id: 'scoped' })))
      return (await axios.get(`${API}/users/1`, { adapter: 'xhr' })).data
    })
    expect(await scoped()).toEqual({ id: 'scoped' })
    expect((await axios.get(`${API}/users/1`, { adapter: 'xhr' })).data).toEqual({ id: '1', name: 'Ada' })
  })
})
