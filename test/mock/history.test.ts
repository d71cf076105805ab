// Call history of built mocks, and scoping of history inside concurrent boundaries.
import { http, HttpResponse, mock, MOCK_CALL_HISTORY_LIMIT } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { API, json, viaFetch, viaNodeHttp } from './support.js'

const server = setupServer(http.all(`${API}/*`, () => new HttpResponse(null, { status: 418 })))
beforeAll(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
  server.listen({ onUnhandledRequest: 'error' })
})
afterEach(() => {
  server.resetHandlers()
  server.clearHistory()
})
afterAll(() => server.close())

describe('calls', () => {
  it('records request, params, parsed body, time and status', async () => {
    const created = mock.post(`${API}/users/:userId/posts`).body<{ title: string }>().reply(201, { id: 'p1' })
    server.use(created)
    const before = Date.now()
    await viaNodeHttp(`${API}/users/u1/posts`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"title":"Hello"}' })
    const [call] = created.calls
    expect(call).toMatchObject({ params: { userId: 'u1' }, body: { title: 'Hello' }, status: 201 })
    expect(call?.request.url).toBe(`${API}/users/u1/posts`)
    expect(call?.time).toBeGreaterThanOrEqual(before)
    expect(typeof call?.requestId).toBe('string')
  })

  it('parses form and text bodies; no body is undefined', async () => {
    const any = mock.all(`${API}/echo`).reply(204)
    server.use(any)
    await viaFetch(`${API}/echo`, { method: 'POST', body: new URLSearchParams({ a: '1' }) })
    await viaFetch(`${API}/echo`, { method: 'POST', body: 'plain text' })
    await viaFetch(`${API}/echo`)
    expect(any.calls.map((call) => call.body)).toEqual([{ a: '1' }, 'plain text', undefined])
  })

  it(`keeps the last ${MOCK_CALL_HISTORY_LIMIT} calls and counts all`, async () => {
    const busy = mock.get(`${API}/busy`).reply(200)
    server.use(busy)
    for (let i = 0; i < MOCK_CALL_HISTORY_LIMIT + 5; i++) await viaFetch(`${API}/busy?i=${i}`)
    expect(busy.callCount).toBe(MOCK_CALL_HISTORY_LIMIT + 5)
    expect(busy.calls).toHaveLength(MOCK_CALL_HISTORY_LIMIT)
    expect(busy.calls[0]?.request.url).toBe(`${API}/busy?i=5`)
  })

  it('requests that no step matched are not calls', async () => {
    const only = mock.post(`${API}/posts`).body({ title: 'x' }).reply(201)
    server.use(only)
    await viaFetch(`${API}/posts`, json({ title: 'y' }))
    expect(only.callCount).toBe(0)
    expect(only.isDone()).toBe(false)
  })
})

describe('inside concurrent boundaries', () => {
  it('each boundary sees only its own mocks, calls, pending mocks and unhandled requests', async () => {
    const run = server.boundary(async (name: string, requests: number) => {
      const own = mock.get(`${API}/whoami`).reply(200, name).times(requests)
      const never = mock.get(`${API}/never-${name}`).reply(200)
      server.use(own, never)
      const bodies: string[] = []
      for (let i = 0; i < requests; i++) {
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 5))
        bodies.push((await viaFetch(`${API}/whoami`)).body)
      }
      await fetch(`${API}/missing-${name}`).catch(() => undefined)
      return {
        bodies,
        calls: own.callCount,
        pending: server.pendingMocks().map((pending) => pending.info.header),
        unhandled: server.unhandledRequests().map((record) => record.url),
      }
    })
    // The catch-all answers /missing-*: make those requests unhandled inside the boundaries only.
    server.resetHandlers()
    const results = await Promise.all(['a', 'b', 'c'].map((name, index) => server.boundary(async () => {
      server.resetHandlers(http.get(`${API}/other`, () => HttpResponse.text('other')))
      return run(name, index + 2)
    })()))
    results.forEach((result, index) => {
      const name = ['a', 'b', 'c'][index]!
      expect(result.bodies).toEqual(Array(index + 2).fill(name))
      expect(result.calls).toBe(index + 2)
      expect(result.pending).toEqual([`GET ${API}/never-${name}`])
      expect(result.unhandled).toEqual([`${API}/missing-${name}`])
    })
    // Nothing leaked to the root scope.
    expect(server.pendingMocks()).toEqual([])
    expect(server.unhandledRequests()).toEqual([])
  })

  it('a boundary does not report the mocks it inherited', async () => {
    const inherited = mock.get(`${API}/inherited`).reply(200)
    server.use(inherited)
    await server.boundary(async () => {
      expect(server.pendingMocks()).toEqual([])
      server.assertDone()
    })()
    expect(server.pendingMocks()).toEqual([inherited])
  })
})
