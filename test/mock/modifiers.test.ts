// Modifiers of built mocks: times, once, persist, delay; exact counts under parallel requests.
import { http, HttpResponse, mock } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { API, viaAxios, viaFetch, viaNodeHttp } from './support.js'

const server = setupServer(http.all(`${API}/*`, () => new HttpResponse('fallback', { status: 418 })))
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

describe('times(n)', () => {
  it('answers exactly n requests, then lets the next handler answer', async () => {
    const twice = mock.get(`${API}/n`).reply(200, 'mocked').times(2)
    server.use(twice)
    const bodies = []
    for (let i = 0; i < 4; i++) bodies.push((await viaFetch(`${API}/n`)).body)
    expect(bodies).toEqual(['mocked', 'mocked', 'fallback', 'fallback'])
    expect(twice.callCount).toBe(2)
    expect(twice.isDone()).toBe(true)
  })

  it.each([
    ['fetch', viaFetch],
    ['node:http', viaNodeHttp],
    ['axios', viaAxios],
  ] as const)('answers exactly n of many parallel requests (%s)', async (_name, send) => {
    const five = mock.get(`${API}/parallel`).reply(200, 'mocked').times(5)
    server.use(five)
    const replies = await Promise.all(Array.from({ length: 40 }, () => send(`${API}/parallel`)))
    expect(replies.filter((reply) => reply.body === 'mocked')).toHaveLength(5)
    expect(replies.filter((reply) => reply.status === 418)).toHaveLength(35)
    expect(five.callCount).toBe(5)
  })

  it('exactly n under parallel requests with a body step and a delay', async () => {
    const three = mock.post(`${API}/slow`).body({ ok: true }).reply(201).times(3).delay(5)
    server.use(three)
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => viaFetch(`${API}/slow`, { method: 'POST', body: JSON.stringify({ ok: true }), headers: { 'content-type': 'application/json' } })),
    )
    expect(replies.filter((reply) => reply.status === 201)).toHaveLength(3)
  })

  it('rejects counts that are not whole numbers >= 1', () => {
    const built = mock.get(`${API}/x`).reply(200)
    expect(() => built.times(0 as number)).toThrow(
      '[mocklib] .times() of mock "GET https://api.example.test/x" got 0, but needs a whole number of at least 1. Use .persist() to answer any number of requests, or remove the mock.',
    )
    expect(() => built.times(1.5 as number)).toThrow('got 1.5')
  })
})

describe('once(), persist(), delay()', () => {
  it('once() answers one request; restoreHandlers() re-arms it and clears its calls', async () => {
    const single = mock.get(`${API}/once`).reply(200, 'once').once()
    server.use(single)
    expect((await viaFetch(`${API}/once`)).body).toBe('once')
    expect((await viaFetch(`${API}/once`)).body).toBe('fallback')
    server.restoreHandlers()
    expect(single.callCount).toBe(0)
    expect((await viaFetch(`${API}/once`)).body).toBe('once')
  })

  it('persist() is the default: answers every request; done after the first', async () => {
    const always = mock.get(`${API}/always`).reply(200, 'yes').persist()
    server.use(always)
    expect(always.isDone()).toBe(false)
    for (let i = 0; i < 3; i++) expect((await viaFetch(`${API}/always`)).body).toBe('yes')
    expect(always.callCount).toBe(3)
    expect(always.isDone()).toBe(true)
  })

  it('a second limit modifier is an error that names both', () => {
    // @ts-expect-error the types refuse a second limit too
    expect(() => mock.get(`${API}/x`).reply(200).once().persist()).toThrow(
      '[mocklib] mock "GET https://api.example.test/x": .persist() was called after .once(); a mock has one usage limit. Keep only one of them (the default is .persist()).',
    )
    // @ts-expect-error times(n), then persist()
    expect(() => mock.get(`${API}/x`).reply(200).times(2).persist()).toThrow('.persist() was called after .times(); a mock has one usage limit.')
    // @ts-expect-error persist(), then once()
    expect(() => mock.query('ListPosts').reply({ data: {} }).persist().once()).toThrow(
      '[mocklib] mock "query ListPosts": .once() was called after .persist(); a mock has one usage limit.',
    )
  })

  it('delay(ms) waits before answering', async () => {
    server.use(mock.get(`${API}/late`).reply(200, 'late').delay(60))
    const started = performance.now()
    expect((await viaFetch(`${API}/late`)).body).toBe('late')
    expect(performance.now() - started).toBeGreaterThanOrEqual(50)
    expect(() => mock.get(`${API}/x`).reply(200).delay(-1)).toThrow('[mocklib] .delay() of mock "GET https://api.example.test/x" got -1. Pass milliseconds: a number >= 0.')
  })
})

describe('misuse at runtime (the types reject it too)', () => {
  it('reply() twice, steps after the answer, body() twice, bad status, not a Response', () => {
    const built = mock.get(`${API}/x`).reply(200) as unknown as Record<string, () => unknown>
    expect(() => built.reply!()).toThrow(
      '[mocklib] mock "GET https://api.example.test/x" already has an answer, so .reply() cannot be called on it. Build another mock for another answer.',
    )
    expect(() => built.query!()).toThrow(
      '[mocklib] .query() was called on mock "GET https://api.example.test/x" after its answer. Matching steps come first: mock.get(path).query(...).reply(...).',
    )
    const loose = mock.post(`${API}/x`).body() as unknown as { body(): unknown }
    expect(() => loose.body()).toThrow('[mocklib] .body() was called twice on mock "POST https://api.example.test/x". Declare the body type and its matcher in one call: .body<Type>(matcher).')
    // @ts-expect-error a literal status outside 200-599 is refused by the types as well
    expect(() => mock.get(`${API}/x`).reply(700)).toThrow(
      '[mocklib] .reply() of mock "GET https://api.example.test/x" got the status 700. Pass an HTTP status from 200 to 599 first (for example .reply(404)), or a resolver function; for a network failure use .networkError().',
    )
    expect(() => mock.get(`${API}/x`).replyWith({} as Response)).toThrow('which is not a Response')
    expect(() => mock.get(`${API}/x`).query(42 as never)).toThrow('[mocklib] .query() expects an object of expected values or a predicate function, but got number.')
    expect(() => mock.get('/posts/:id/:id')).toThrow('uses the parameter ":id" twice')
  })
})
