// server.pendingMocks / assertDone / unhandledRequests / assertNoUnhandledRequests:
// their messages are part of the API, so their exact text is tested.
import { http, HttpResponse, mock } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { API, json, viaFetch } from './support.js'

const server = setupServer()
beforeAll(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
  vi.spyOn(console, 'warn').mockImplementation(() => {})
  server.listen({ onUnhandledRequest: 'error' })
})
afterEach(() => {
  server.resetHandlers()
  server.clearHistory()
})
afterAll(() => server.close())

function thrownBy(callback: () => void): string {
  try {
    callback()
  } catch (error) {
    return (error as Error).message
  }
  throw new Error('expected a throw')
}

const swallow = (promise: Promise<unknown>) => promise.catch(() => undefined)

describe('pendingMocks() and assertDone()', () => {
  it('passes when every mock is done', async () => {
    server.use(mock.get(`${API}/a`).reply(200).once(), mock.get(`${API}/b`).reply(200))
    await viaFetch(`${API}/a`)
    await viaFetch(`${API}/b`)
    expect(server.pendingMocks()).toEqual([])
    expect(() => server.assertDone()).not.toThrow()
  })

  it('lists limited mocks not used up and persistent mocks never used, not plain handlers', async () => {
    const twice = mock.get(`${API}/twice`).reply(200).times(2)
    const never = mock.get(`${API}/never`).reply(200)
    server.use(twice, never, http.get(`${API}/plain`, () => HttpResponse.text('plain')))
    await viaFetch(`${API}/twice`)
    expect(server.pendingMocks()).toEqual([twice, never])
  })

  it('names the nearest request and the step that rejected it, for each step', async () => {
    server.use(
      mock.post(`${API}/method`).reply(201),
      mock.get(`${API}/path/:id`).reply(200),
      mock.get(`${API}/query`).query({ page: /^\d+$/ }).reply(200).times(2),
      mock.get(`${API}/headers`).headers({ authorization: 'Bearer abc' }).reply(200),
      mock.get(`${API}/cookies`).cookies({ session: 'abc' }).reply(200),
      mock.post(`${API}/body`).body({ title: 'Hello', tags: ['a'] }).reply(201),
      http.all(`${API}/*`, () => new HttpResponse(null, { status: 404 })),
    )
    await viaFetch(`${API}/method`)
    await viaFetch(`${API}/path`)
    await viaFetch(`${API}/query?page=1`)
    await viaFetch(`${API}/query?page=x`)
    await viaFetch(`${API}/headers`, { headers: { authorization: 'Bearer xyz' } })
    await viaFetch(`${API}/cookies`)
    await viaFetch(`${API}/body`, json({ title: 'Bye', tags: ['a'] }))
    expect(thrownBy(() => server.assertDone())).toBe(
      `[mocklib] assertDone(): 6 mocks are pending.

  • POST ${API}/method — never called
    nearest request: GET ${API}/method
    rejected at method: is GET, expected POST

  • GET ${API}/path/:id — never called
    nearest request: GET ${API}/path
    rejected at path: ${API}/path does not match ${API}/path/:id

  • GET ${API}/query query(page=/^\\d+$/) — answered 1 of 2 times
    nearest request: GET ${API}/query?page=x
    rejected at query: "page" is "x", expected /^\\d+$/

  • GET ${API}/headers headers(authorization="Bearer abc") — never called
    nearest request: GET ${API}/headers
    rejected at headers: "authorization" is "Bearer xyz", expected "Bearer abc"

  • GET ${API}/cookies cookies(session="abc") — never called
    nearest request: GET ${API}/cookies
    rejected at cookies: "session" is missing, expected "abc"

  • POST ${API}/body body({"title":"Hello","tags":["a"]}) — never called
    nearest request: POST ${API}/body
    rejected at body: .title is "Bye", expected "Hello"

Make the requests these mocks expect, or remove the mocks that are not needed (server.pendingMocks() lists them).`,
    )
  })

  it('says when no request was made, and when an earlier handler answered a matching request', async () => {
    server.use(http.get(`${API}/shadow`, () => HttpResponse.text('first')), mock.get(`${API}/shadow`).reply(200).once())
    expect(thrownBy(() => server.assertDone())).toBe(
      `[mocklib] assertDone(): 1 mock is pending.

  • GET ${API}/shadow — answered 0 of 1 time
    no other request was made in this scope

Make the requests these mocks expect, or remove the mocks that are not needed (server.pendingMocks() lists them).`,
    )
    await viaFetch(`${API}/shadow`)
    expect(thrownBy(() => server.assertDone())).toContain(`    nearest request: GET ${API}/shadow\n    it matched every step, but http GET ${API}/shadow answered it first`)
  })

  it('captures the body of a request another handler answered first', async () => {
    server.use(
      http.post(`${API}/posts`, () => new HttpResponse(null, { status: 400 })),
      mock.post(`${API}/posts`).body({ title: 'Hello' }).reply(201),
    )
    await viaFetch(`${API}/posts`, json({ title: 'Other' }))
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(thrownBy(() => server.assertDone())).toContain('rejected at body: .title is "Other", expected "Hello"')
  })

  it('inside a boundary, sees only the boundary traffic', async () => {
    server.use(mock.get(`${API}/root`).reply(200))
    await swallow(viaFetch(`${API}/root-miss`))
    await server.boundary(async () => {
      server.use(mock.get(`${API}/inner`).query({ v: '1' }).reply(200))
      await swallow(viaFetch(`${API}/inner?v=2`))
      expect(thrownBy(() => server.assertDone())).toBe(
        `[mocklib] assertDone(): 1 mock is pending.

  • GET ${API}/inner query(v="1") — never called
    nearest request: GET ${API}/inner?v=2
    rejected at query: "v" is "2", expected "1"

Make the requests these mocks expect, or remove the mocks that are not needed (server.pendingMocks() lists them).`,
      )
      expect(server.unhandledRequests().map((record) => record.url)).toEqual([`${API}/inner?v=2`])
    })()
    expect(server.unhandledRequests().map((record) => record.url)).toEqual([`${API}/root-miss`])
  })
})

describe('unhandledRequests() and assertNoUnhandledRequests()', () => {
  it('records unhandled requests even when the application swallowed the failure', async () => {
    await swallow(fetch(`${API}/missing`))
    await swallow(fetch(`${API}/gone`, { method: 'DELETE' }))
    expect(server.unhandledRequests().map(({ method, url }) => `${method} ${url}`)).toEqual([`GET ${API}/missing`, `DELETE ${API}/gone`])
    expect(thrownBy(() => server.assertNoUnhandledRequests())).toBe(
      `[mocklib] assertNoUnhandledRequests(): 2 requests reached no request handler.

  • GET ${API}/missing
  • DELETE ${API}/gone

Add a handler for each (for example mock.get(url).reply(200)), or answer them with passthrough() if they should reach the network.`,
    )
    server.clearHistory()
    expect(() => server.assertNoUnhandledRequests()).not.toThrow()
  })

  it.each(['warn', 'bypass', 'callback'] as const)('records them under the %s policy too', async (policy) => {
    server.close()
    server.listen({ onUnhandledRequest: policy === 'callback' ? () => {} : policy })
    try {
      // A mock that passes requests through would reach the network: answer them with a catch-all that falls through.
      server.use(http.all(`${API}/*`, () => undefined))
      if (policy === 'bypass' || policy === 'warn' || policy === 'callback') {
        // Unhandled requests would go to the network under these policies: keep them local with a refused port.
        await swallow(fetch('http://127.0.0.1:9/unhandled'))
      }
      expect(server.unhandledRequests().map((record) => record.url)).toEqual(['http://127.0.0.1:9/unhandled'])
    } finally {
      server.close()
      server.listen({ onUnhandledRequest: 'error' })
    }
  })

  it('keeps the last 100 and says how many more there were', async () => {
    for (let i = 0; i < 103; i++) await swallow(fetch(`${API}/m${i}`))
    expect(server.unhandledRequests()).toHaveLength(100)
    const text = thrownBy(() => server.assertNoUnhandledRequests())
    expect(text.startsWith(`[mocklib] assertNoUnhandledRequests(): 103 requests reached no request handler.\n\n  • GET ${API}/m3\n`)).toBe(true)
    expect(text).toContain(`  • GET ${API}/m102\n  … and 3 more (only the last 100 are kept)\n\n`)
  })
})
