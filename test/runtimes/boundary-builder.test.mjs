// server.boundary() and the mock builder under Bun and Deno: concurrent
// boundaries see only their own overrides (through AsyncLocalStorage, which
// both runtimes provide), and built mocks keep their call history and
// nock-style assertions.
import assert from 'node:assert/strict'
import { after, afterEach, before, describe, it } from 'node:test'
import { http, HttpResponse, mock } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { RUNTIME, viaNodeHttp } from './support.mjs'

const API = 'https://api.example.test'
const server = setupServer(http.get(`${API}/whoami`, () => HttpResponse.text('root')))
before(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  server.resetHandlers()
  server.clearHistory()
})
after(() => server.close())

const pause = () => new Promise((resolve) => setTimeout(resolve, Math.random() * 10))

describe(`server.boundary() under ${RUNTIME}`, () => {
  it('keeps each concurrent boundary to its own overrides, across awaits, timers and both clients', async () => {
    const run = server.boundary(async (name) => {
      server.use(http.get(`${API}/whoami`, () => HttpResponse.text(name)))
      const seen = []
      for (let i = 0; i < 3; i++) {
        await pause()
        seen.push(await (await fetch(`${API}/whoami`)).text())
        seen.push((await viaNodeHttp(`${API}/whoami`)).body)
        seen.push(await new Promise((resolve) => setTimeout(() => resolve(fetch(`${API}/whoami`).then((response) => response.text())), 1)))
      }
      return seen
    })
    const results = await Promise.all(['a', 'b', 'c'].map((name) => run(name)))
    assert.deepEqual(results, [Array(9).fill('a'), Array(9).fill('b'), Array(9).fill('c')])
    assert.equal(await (await fetch(`${API}/whoami`)).text(), 'root')
  })

  it('passes arguments and the return value through, and nests', async () => {
    const outer = server.boundary(async (greeting) => {
      server.use(http.get(`${API}/whoami`, () => HttpResponse.text('outer')))
      const inner = await server.boundary(async () => {
        server.use(http.get(`${API}/whoami`, () => HttpResponse.text('inner')))
        return (await fetch(`${API}/whoami`)).text()
      })()
      return `${greeting} ${inner} ${await (await fetch(`${API}/whoami`)).text()}`
    })
    assert.equal(await outer('hello'), 'hello inner outer')
  })
})

describe(`the mock builder under ${RUNTIME}`, () => {
  it('matches query and headers, answers, and records calls with params and body', async () => {
    const search = mock.get(`${API}/search`).query({ q: 'cats' }).headers({ authorization: /^Bearer / }).reply(200, { found: 3 })
    const created = mock.post(`${API}/users/:userId/posts`).body({ title: 'Hello' }).reply(201, { id: 'p1' })
    server.use(search, created)
    const found = await fetch(`${API}/search?q=cats`, { headers: { authorization: 'Bearer t' } })
    assert.deepEqual(await found.json(), { found: 3 })
    const posted = await viaNodeHttp(`${API}/users/u1/posts`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"title":"Hello"}' })
    assert.equal(posted.status, 201)
    assert.deepEqual(JSON.parse(posted.body), { id: 'p1' })
    assert.equal(search.callCount, 1)
    assert.deepEqual(created.calls.map((call) => ({ params: { ...call.params }, body: call.body, status: call.status })), [{ params: { userId: 'u1' }, body: { title: 'Hello' }, status: 201 }])
  })

  it('reports pending mocks with assertDone(), and passes once they are used', async () => {
    const twice = mock.get(`${API}/twice`).reply(200, 'ok').times(2)
    server.use(twice)
    await fetch(`${API}/twice`)
    assert.throws(() => server.assertDone(), /twice/)
    await fetch(`${API}/twice`)
    server.assertDone()
  })

  it('keeps mocks used inside a boundary to that boundary', async () => {
    const pending = await server.boundary(async () => {
      server.use(mock.get(`${API}/scoped`).reply(200))
      return server.pendingMocks().length
    })()
    assert.equal(pending, 1)
    assert.deepEqual(server.pendingMocks(), [])
  })
})
