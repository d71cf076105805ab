// Resolver forms: sync, async, generators, `once`, and what a resolver receives.
import { http, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { API, clients, viaFetch, viaNodeHttp } from './support/clients.js'
import { failOnUnhandledRejection } from './support/harness.js'

const server = setupServer()
failOnUnhandledRejection()
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const body = async (path: string, client = viaFetch) => (await client(`${API}${path}`)).body

describe('the resolver argument', () => {
  it.each(clients)('has the request with its body, params, cookies and a request id (%s)', async (_name, client) => {
    const ids: string[] = []
    server.use(
      http.put(`${API}/posts/:id`, async ({ request, params, cookies, requestId }) => {
        ids.push(requestId)
        return HttpResponse.json({
          method: request.method,
          url: request.url,
          header: request.headers.get('x-trace'),
          json: await request.json(),
          params,
          cookies,
        })
      }),
    )
    const reply = await client(`${API}/posts/9?draft=1`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'x-trace': 't-1', cookie: 'a=1; b=two%20words' },
      body: JSON.stringify({ title: 'T' }),
    })
    expect(JSON.parse(reply.body)).toEqual({
      method: 'PUT',
      url: `${API}/posts/9?draft=1`,
      header: 't-1',
      json: { title: 'T' },
      params: { id: '9' },
      cookies: { a: '1', b: 'two words' },
    })
    expect(ids).toHaveLength(1)
    expect(ids[0]).toMatch(/\S+/)
  })
})

describe('generator resolvers', () => {
  it('answer the next yielded response per request, then repeat the returned one', async () => {
    server.use(
      http.get(`${API}/count`, function* () {
        yield HttpResponse.text('one')
        yield HttpResponse.text('two')
        return HttpResponse.text('done')
      }),
    )
    expect([await body('/count'), await body('/count', viaNodeHttp), await body('/count'), await body('/count')]).toEqual([
      'one',
      'two',
      'done',
      'done',
    ])
  })

  it('async generators work too; restoreHandlers() leaves a regular generator where it is and resetHandlers() restarts it (as msw)', async () => {
    server.use(
      http.get(`${API}/async-count`, async function* () {
        await Promise.resolve()
        yield HttpResponse.text('a')
        return HttpResponse.text('z')
      }),
    )
    expect([await body('/async-count'), await body('/async-count'), await body('/async-count')]).toEqual(['a', 'z', 'z'])
    server.restoreHandlers()
    expect(await body('/async-count')).toBe('z')
  })

  it('a generator can yield a promise of a response', async () => {
    server.use(
      http.get(`${API}/promised`, function* () {
        yield Promise.resolve(HttpResponse.text('later'))
        return HttpResponse.text('end')
      }),
    )
    expect([await body('/promised'), await body('/promised')]).toEqual(['later', 'end'])
  })
})

describe('once', () => {
  it('answers a single request, then lets later handlers answer', async () => {
    server.use(
      http.get(`${API}/flaky`, () => HttpResponse.error(), { once: true }),
      http.get(`${API}/flaky`, () => HttpResponse.text('recovered')),
    )
    await expect(viaFetch(`${API}/flaky`)).rejects.toThrow()
    expect(await body('/flaky')).toBe('recovered')
    expect(server.listHandlers()[0]).toMatchObject({ isUsed: true, useCount: 1 })
  })

  it('is used exactly once under concurrent requests', async () => {
    server.use(
      http.get(`${API}/race`, () => HttpResponse.text('winner'), { once: true }),
      http.get(`${API}/race`, () => HttpResponse.text('other')),
    )
    const replies = await Promise.all(Array.from({ length: 20 }, (_, n) => body('/race', n % 2 ? viaFetch : viaNodeHttp)))
    expect(replies.filter((reply) => reply === 'winner')).toHaveLength(1)
  })
})

describe('sync and async resolvers', () => {
  it('both answer', async () => {
    server.use(
      http.get(`${API}/sync`, () => HttpResponse.text('sync')),
      http.get(`${API}/async`, async () => {
        await new Promise((resolve) => setTimeout(resolve, 5))
        return HttpResponse.text('async')
      }),
    )
    expect([await body('/sync'), await body('/async')]).toEqual(['sync', 'async'])
  })

  it('a plain Response (not HttpResponse) is accepted', async () => {
    server.use(http.get(`${API}/plain`, () => new Response('plain', { status: 203 })))
    const reply = await viaNodeHttp(`${API}/plain`)
    expect([reply.status, reply.body]).toEqual([203, 'plain'])
  })
})

describe('a response whose body the resolver already read', () => {
  it.each(clients)('is a 500 that says so, reported as an exception; the next request is answered (%s)', async (_name, client) => {
    const errors: string[] = []
    server.events.on('unhandledException', ({ error }) => errors.push(error.message))
    server.use(
      http.get(`${API}/read-body`, async () => {
        const response = HttpResponse.json({ id: 1 })
        await response.json()
        return response
      }),
      http.get(`${API}/after`, () => HttpResponse.text('still answering')),
    )
    try {
      const reply = await client(`${API}/read-body`)
      expect(reply.status).toBe(500)
      const expected = '[mocklib] The resolver of "GET https://api.example.test/read-body" returned a response whose body was already read.'
      expect(JSON.parse(reply.body).message).toContain(expected)
      expect(errors).toEqual([expect.stringContaining(expected)])
      expect((await client(`${API}/after`)).body).toBe('still answering')
    } finally {
      server.events.removeAllListeners()
    }
  })
})
