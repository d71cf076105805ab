// Design "Handler list": first match wins, fall-through, and the observable order
// is the list order even though the index skips handlers that cannot match.
import { http, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { API, viaFetch, viaNodeHttp } from './support/clients.js'
import { failOnUnhandledRejection } from './support/harness.js'

const server = setupServer()
failOnUnhandledRejection()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

describe('dispatch order', () => {
  it('first match wins', async () => {
    server.use(
      http.get(`${API}/posts/:id`, () => HttpResponse.text('first')),
      http.get(`${API}/posts/:id`, () => HttpResponse.text('second')),
    )
    expect((await viaFetch(`${API}/posts/1`)).body).toBe('first')
  })

  it('a resolver returning nothing lets the next matching handler answer', async () => {
    const seen: string[] = []
    server.use(
      http.get(`${API}/posts/:id`, ({ params }) => {
        seen.push(`logger ${params.id}`)
      }),
      http.all('*', async ({ request }) => {
        seen.push(`async logger ${request.method}`)
        return undefined
      }),
      http.get(`${API}/posts/:id`, ({ params }) => HttpResponse.json({ id: params.id })),
    )
    expect((await viaFetch(`${API}/posts/3`)).body).toBe('{"id":"3"}')
    expect(seen).toEqual(['logger 3', 'async logger GET'])
  })

  it('visits matching handlers in list order whatever their index keys', async () => {
    const visited: number[] = []
    const falls = (n: number) => () => {
      visited.push(n)
    }
    server.resetHandlers(
      http.get(`${API}/a/b/c`, falls(0)),
      http.all('*', falls(1)),
      http.get('/a/*', falls(2)),
      http.get(/\/a\/b\/c$/, falls(3)),
      http.post(`${API}/a/b/c`, falls(99)),
      http.get(`${API}/a/:x/c`, falls(4)),
      http.get(`${API}/other`, falls(98)),
      http.get(({ request }) => request.url.endsWith('/c'), falls(5)),
      http.all(`${API}/A/B/*`, falls(6)),
      http.get('*/b/c', falls(7)),
      http.get(`${API}/a/b/c`, () => HttpResponse.text('last')),
      http.get(`${API}/a/b/c`, falls(97)),
    )
    expect((await viaNodeHttp(`${API}/a/b/c`)).body).toBe('last')
    expect(visited).toEqual([0, 1, 2, 3, 4, 5, 6, 7])
  })

  it('a fall-through once handler keeps its single use', async () => {
    let calls = 0
    server.use(
      http.get(`${API}/once`, () => {
        calls++
      }, { once: true }),
      http.get(`${API}/once`, () => HttpResponse.text(`calls=${calls}`)),
    )
    expect((await viaFetch(`${API}/once`)).body).toBe('calls=1')
    expect((await viaFetch(`${API}/once`)).body).toBe('calls=2')
  })

  it('a resolver that throws a Response answers with it', async () => {
    server.use(
      http.get(`${API}/thrown`, () => {
        throw HttpResponse.json({ reason: 'thrown' }, { status: 418 })
      }),
    )
    const reply = await viaFetch(`${API}/thrown`)
    expect(reply.status).toBe(418)
    expect(JSON.parse(reply.body)).toEqual({ reason: 'thrown' })
  })

  it('matches methods case-insensitively', async () => {
    server.use(http.patch(`${API}/m`, () => HttpResponse.text('patched')))
    expect((await viaNodeHttp(`${API}/m`, { method: 'patch' })).body).toBe('patched')
  })
})
