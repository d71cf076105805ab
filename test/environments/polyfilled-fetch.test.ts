// @vitest-environment jsdom
// whatwg-fetch (the XMLHttpRequest-based polyfill) made the global fetch, Request
// and Headers before listen(), as older browser-targeted setups do: its fetch is
// mocked like any other, its Request is accepted as input, and a passthrough
// reaches a real 127.0.0.1 server through it.
import { http, HttpResponse, passthrough } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { Headers as PolyfillHeaders, Request as PolyfillRequest, fetch as polyfillFetch } from 'whatwg-fetch'
import { useLocalServer } from '../integration/support/harness.js'

const API = 'http://api.polyfilled.test'
const real = useLocalServer((request, response, body) => {
  // jsdom's XMLHttpRequest applies CORS to the polyfill's passthrough.
  response.setHeader('access-control-allow-origin', '*')
  response.end(`real ${request.method} ${request.url} ${body}`.trim())
})

const server = setupServer(
  http.all(`${API}/echo`, async ({ request }) =>
    HttpResponse.json({ method: request.method, header: request.headers.get('x-test'), body: request.method === 'GET' ? null : await request.text() }),
  ),
  http.all('http://127.0.0.1:*/*', () => passthrough()),
)

describe('whatwg-fetch as the Fetch globals', () => {
  beforeAll(() => {
    vi.stubGlobal('fetch', polyfillFetch)
    vi.stubGlobal('Request', PolyfillRequest)
    vi.stubGlobal('Headers', PolyfillHeaders)
    server.listen({ onUnhandledRequest: 'error' })
  })
  afterAll(() => {
    server.close()
    vi.unstubAllGlobals()
  })

  it('answers from the handlers', async () => {
    const response = await fetch(`${API}/echo`, { method: 'POST', body: 'polyfilled', headers: new PolyfillHeaders({ 'x-test': 'headers' }) })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ method: 'POST', header: 'headers', body: 'polyfilled' })
  })

  it("takes the polyfill's Request as input", async () => {
    const request = new PolyfillRequest(`${API}/echo`, { method: 'PUT', body: 'from its Request', headers: { 'x-test': 'request' } })
    expect(await (await fetch(request as unknown as Request)).json()).toEqual({ method: 'PUT', header: 'request', body: 'from its Request' })
  })

  it('rejects with signal.reason when the caller aborts', async () => {
    const controller = new AbortController()
    const reason = new Error('cancelled')
    controller.abort(reason)
    await expect(fetch(`${API}/echo`, { signal: controller.signal })).rejects.toBe(reason)
  })

  it('passes through to the real server by way of the polyfill, seen by the handlers once', async () => {
    const started: string[] = []
    const listener = ({ request }: { request: Request }) => void started.push(`${request.method} ${request.url}`)
    server.events.on('request:start', listener)
    try {
      const response = await fetch(`${real.origin}/through`, { method: 'POST', body: 'via whatwg-fetch' })
      expect(await response.text()).toBe('real POST /through via whatwg-fetch')
    } finally {
      server.events.removeListener('request:start', listener)
    }
    expect(real.received.filter((request) => request.url === '/through')).toHaveLength(1)
    // The polyfill sends mocklib's passthrough with XMLHttpRequest: that XHR is mocklib's own call, not a new request.
    expect(started).toEqual([`POST ${real.origin}/through`])
  })
})
