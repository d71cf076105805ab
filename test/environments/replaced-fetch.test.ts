// @vitest-environment node
// Test setups replace the Fetch globals before `listen()`: node-fetch with its
// Request, Headers and Response (`vi.stubGlobal`), cross-fetch, a wrapper of the
// application's. Whatever fetch is global then gets mocked, as msw 2 does: any
// Fetch-shaped Request is accepted as input, an abort rejects with
// `signal.reason`, and a mocked answer is a native Response (msw's class), not
// the replacement's. A passthrough goes out through the replacement, to a real
// 127.0.0.1 server.
import crossFetch from 'cross-fetch'
import { http, HttpResponse, passthrough } from 'mocklib'
import { setupServer } from 'mocklib/node'
import nodeFetch, { Headers as NodeFetchHeaders, Request as NodeFetchRequest, Response as NodeFetchResponse } from 'node-fetch'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { useLocalServer } from '../integration/support/harness.js'

const NativeResponse = globalThis.Response
const API = 'http://api.replaced.test'
const real = useLocalServer()

const server = setupServer(
  http.all(`${API}/echo`, async ({ request }) =>
    HttpResponse.json({
      method: request.method,
      header: request.headers.get('x-test'),
      body: request.method === 'GET' ? null : await request.text(),
    }),
  ),
  http.get(`${API}/slow`, async ({ request }) => {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 800)
      request.signal.addEventListener('abort', () => {
        clearTimeout(timer)
        resolve()
      })
    })
    return HttpResponse.text('too late')
  }),
  http.all(`${API}/moved`, () => new HttpResponse(null, { status: 307, headers: { location: `${API}/echo` } })),
  http.all('http://127.0.0.1:*/*', () => passthrough()),
)

afterEach(() => server.resetHandlers())

describe('node-fetch stubbed as the Fetch globals before listen()', () => {
  beforeAll(() => {
    vi.stubGlobal('fetch', nodeFetch)
    vi.stubGlobal('Request', NodeFetchRequest)
    vi.stubGlobal('Headers', NodeFetchHeaders)
    vi.stubGlobal('Response', NodeFetchResponse)
    server.listen({ onUnhandledRequest: 'error' })
  })
  afterAll(() => {
    server.close()
    vi.unstubAllGlobals()
  })

  it('answers with a native Response, not a node-fetch one', async () => {
    const response = await fetch(`${API}/echo`)
    expect(response).toBeInstanceOf(NativeResponse)
    expect(response).not.toBeInstanceOf(NodeFetchResponse)
    expect(await response.json()).toEqual({ method: 'GET', header: null, body: null })
  })

  it("takes node-fetch's Request as input, with its method, headers and body", async () => {
    const request = new NodeFetchRequest(`${API}/echo`, { method: 'POST', headers: { 'x-test': 'node-fetch' }, body: 'sent by node-fetch' })
    const response = await fetch(request as unknown as Request)
    expect(await response.json()).toEqual({ method: 'POST', header: 'node-fetch', body: 'sent by node-fetch' })
  })

  it("takes node-fetch's Headers in init", async () => {
    const response = await fetch(`${API}/echo`, { headers: new NodeFetchHeaders({ 'x-test': 'headers' }) as unknown as Headers })
    expect(await response.json()).toMatchObject({ header: 'headers' })
  })

  it('rejects with signal.reason when the caller aborts (not node-fetch\'s AbortError)', async () => {
    const controller = new AbortController()
    const reason = new Error('navigated away')
    const pending = fetch(`${API}/slow`, { signal: controller.signal })
    setTimeout(() => controller.abort(reason), 20)
    await expect(pending).rejects.toBe(reason)
  })

  it('rejects with the TimeoutError of AbortSignal.timeout()', async () => {
    const signal = AbortSignal.timeout(30)
    const error = await fetch(`${API}/slow`, { signal }).then(
      () => undefined,
      (thrown: unknown) => thrown,
    )
    expect(error).toBe(signal.reason)
    expect(error).toMatchObject({ name: 'TimeoutError' })
  })

  it("rejects with signal.reason for node-fetch's Request whose signal aborts", async () => {
    const controller = new AbortController()
    const request = new NodeFetchRequest(`${API}/slow`, { signal: controller.signal as never })
    const pending = fetch(request as unknown as Request).then(
      () => undefined,
      (thrown: unknown) => thrown,
    )
    setTimeout(() => controller.abort(), 20)
    const error = await pending
    expect(error).toBe(controller.signal.reason)
    expect(error).toMatchObject({ name: 'AbortError' })
  })

  it('follows a mocked redirect to the next handler', async () => {
    const response = await fetch(`${API}/moved`, { method: 'POST', body: 'kept across a 307' })
    expect(response.redirected).toBe(true)
    expect(await response.json()).toEqual({ method: 'POST', header: null, body: 'kept across a 307' })
  })

  it('passes through to the real server by way of node-fetch', async () => {
    const response = await fetch(`${real.origin}/through`, { method: 'POST', body: 'via node-fetch', headers: { 'x-test': 'real' } })
    expect(await response.text()).toBe('real POST /through')
    const received = real.received.at(-1)!
    expect(received).toMatchObject({ method: 'POST', url: '/through', body: 'via node-fetch' })
    expect(received.headers['x-test']).toBe('real')
    // mocklib's own marking header never reaches the network.
    expect(Object.keys(received.headers).filter((name) => name.startsWith('x-mocklib'))).toEqual([])
  })
})

describe('cross-fetch made global before listen()', () => {
  beforeAll(() => {
    vi.stubGlobal('fetch', crossFetch)
    server.listen({ onUnhandledRequest: 'error' })
  })
  afterAll(() => {
    server.close()
    vi.unstubAllGlobals()
  })

  it('answers from the handlers with a native Response', async () => {
    const response = await fetch(`${API}/echo`, { method: 'PUT', body: 'cross' })
    expect(response).toBeInstanceOf(NativeResponse)
    expect(await response.json()).toEqual({ method: 'PUT', header: null, body: 'cross' })
  })

  it('passes through to the real server', async () => {
    const response = await fetch(`${real.origin}/cross`)
    expect(await response.text()).toBe('real GET /cross')
  })
})

describe("an application's fetch wrapper", () => {
  afterAll(() => vi.unstubAllGlobals())

  it('installed before listen(): its calls are answered by the handlers', async () => {
    const seen: string[] = []
    const inner = globalThis.fetch
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      seen.push(String(input))
      return inner(input, init)
    })
    server.listen({ onUnhandledRequest: 'error' })
    try {
      const response = await fetch(`${API}/echo`)
      expect(await response.json()).toMatchObject({ method: 'GET' })
      // As with msw, a mocked request never reaches the wrapper it replaced.
      expect(seen).toEqual([])
      const through = await fetch(`${real.origin}/wrapped`)
      expect(await through.text()).toBe('real GET /wrapped')
      expect(seen).toHaveLength(1)
    } finally {
      server.close()
      vi.unstubAllGlobals()
    }
  })

  it('installed after listen(): it wraps the mocked fetch', async () => {
    server.listen({ onUnhandledRequest: 'error' })
    try {
      const mocked = globalThis.fetch
      const seen: string[] = []
      vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
        seen.push(String(input))
        return mocked(input, init)
      })
      const response = await fetch(`${API}/echo`, { headers: { 'x-test': 'wrapped' } })
      expect(await response.json()).toMatchObject({ header: 'wrapped' })
      expect(seen).toEqual([`${API}/echo`])
    } finally {
      vi.unstubAllGlobals()
      server.close()
    }
  })
})
