// The REST mock builder through real clients: every matching step and answer.
import { getResponse, http, HttpResponse, mock } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { API, clients, json, startLocalServer, viaFetch, viaNodeHttp } from './support.js'

// Requests no mock matches get a 418 from this catch-all, never the network.
const server = setupServer(http.all(`${API}/*`, () => new HttpResponse(null, { status: 418 })))
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  server.resetHandlers()
  server.clearHistory()
})
afterAll(() => server.close())

describe.each(Object.entries(clients))('through %s', (_name, send) => {
  it('matches method and path, with params', async () => {
    const found = mock.get(`${API}/posts/:id`).reply(({ params }) => HttpResponse.json({ id: params.id }))
    server.use(found)
    const reply = await send(`${API}/posts/42`)
    expect(reply).toMatchObject({ status: 200, body: '{"id":"42"}' })
    expect(found.calls[0]?.params).toEqual({ id: '42' })
  })

  it('matches a subset of the query', async () => {
    server.use(mock.get(`${API}/search`).query({ q: 'cats', page: /^\d+$/ }).reply(200, 'cats'))
    expect((await send(`${API}/search?q=cats&page=2&extra=1`)).body).toBe('cats')
    expect((await send(`${API}/search?q=cats&page=x`)).status).toBe(418)
  })

  it('matches headers case-insensitively', async () => {
    server.use(mock.get(`${API}/me`).headers({ Authorization: /^Bearer / }).reply(200, { me: true }))
    expect((await send(`${API}/me`, { headers: { authorization: 'Bearer abc' } })).body).toBe('{"me":true}')
  })

  it('matches cookies', async () => {
    server.use(mock.get(`${API}/me`).cookies({ session: 'abc' }).reply(200, 'hello'))
    expect((await send(`${API}/me`, { headers: { cookie: 'theme=dark; session=abc' } })).body).toBe('hello')
  })

  it('matches a partial JSON body', async () => {
    const created = mock.post(`${API}/posts`).body({ title: 'Hello' }).reply(201, { id: '1' })
    server.use(created, mock.post(`${API}/posts`).reply(400))
    expect((await send(`${API}/posts`, json({ title: 'Hello', tags: ['a'] }))).status).toBe(201)
    expect((await send(`${API}/posts`, json({ title: 'Bye' }))).status).toBe(400)
    expect(created.calls.map((call) => call.body)).toEqual([{ title: 'Hello', tags: ['a'] }])
  })
})

describe('matching steps', () => {
  it('query predicate receives URLSearchParams', async () => {
    server.use(mock.get(`${API}/tags`).query((params) => params.getAll('tag').includes('news')).reply(200, 'news'))
    expect((await viaFetch(`${API}/tags?tag=a&tag=news`)).body).toBe('news')
  })

  it('value predicates', async () => {
    server.use(mock.get(`${API}/search`).query({ q: (value) => value.length > 3 }).reply(200, 'long'), mock.get(`${API}/search`).reply(200, 'short'))
    expect((await viaFetch(`${API}/search?q=kittens`)).body).toBe('long')
    expect((await viaFetch(`${API}/search?q=cat`)).body).toBe('short')
  })

  it('headers and cookies predicates', async () => {
    server.use(
      mock
        .get(`${API}/me`)
        .headers((headers) => headers.get('x-role') === 'admin')
        .cookies((cookies) => cookies.session !== undefined)
        .reply(200, 'admin'),
    )
    expect((await viaFetch(`${API}/me`, { headers: { 'x-role': 'admin', cookie: 'session=1' } })).body).toBe('admin')
  })

  it('body: exact text, RegExp, predicate, exact object, nested matchers, form bodies', async () => {
    server.use(
      mock.post(`${API}/text`).body('exactly this').reply(200, 'text'),
      mock.post(`${API}/regexp`).body(/^hello/).reply(200, 'regexp'),
      mock.post(`${API}/predicate`).body<{ n: number }>((body) => body.n > 10).reply(200, 'predicate'),
      mock.post(`${API}/exact`).body({ a: 1 }, { exact: true }).reply(200, 'exact'),
      mock.post(`${API}/nested`).body({ user: { name: /^A/ }, tags: ['x', (tag: unknown) => tag === 'y'] }).reply(200, 'nested'),
      mock.post(`${API}/form`).body({ name: 'Ada' }).reply(200, 'form'),
    )
    expect((await viaFetch(`${API}/text`, { method: 'POST', body: 'exactly this' })).body).toBe('text')
    expect((await viaFetch(`${API}/text`, { method: 'POST', body: 'exactly this!' })).status).toBe(418)
    expect((await viaFetch(`${API}/regexp`, { method: 'POST', body: 'hello world' })).body).toBe('regexp')
    expect((await viaFetch(`${API}/predicate`, json({ n: 11 }))).body).toBe('predicate')
    expect((await viaFetch(`${API}/predicate`, json({ n: 1 }))).status).toBe(418)
    expect((await viaFetch(`${API}/exact`, json({ a: 1 }))).body).toBe('exact')
    expect((await viaFetch(`${API}/exact`, json({ a: 1, b: 2 }))).status).toBe(418)
    expect((await viaFetch(`${API}/nested`, json({ user: { name: 'Ada', age: 1 }, tags: ['x', 'y'] }))).body).toBe('nested')
    expect((await viaFetch(`${API}/nested`, json({ user: { name: 'Bob' }, tags: ['x', 'y'] }))).status).toBe(418)
    expect((await viaFetch(`${API}/form`, { method: 'POST', body: new URLSearchParams({ name: 'Ada' }) })).body).toBe('form')
  })

  it('leaves the body readable for the resolver and later handlers', async () => {
    server.use(
      mock.post(`${API}/posts`).body({ title: 'nope' }).reply(500),
      mock.post(`${API}/posts`).body<{ title: string }>().reply(async ({ request }) => HttpResponse.json({ echoed: (await request.json()).title })),
    )
    expect((await viaFetch(`${API}/posts`, json({ title: 'Hello' }))).body).toBe('{"echoed":"Hello"}')
  })

  it('predicate forms of http.*: RegExp and function, and mock.all("*")', async () => {
    server.use(
      mock.get(/\/regexp\/(?<slug>[a-z]+)$/).reply(({ params }) => HttpResponse.text(`slug ${params.slug}`)),
      mock.get(({ request }) => request.url.endsWith('/fn')).reply(200, 'fn'),
    )
    expect((await viaFetch(`${API}/regexp/abc`)).body).toBe('slug abc')
    expect((await viaFetch(`${API}/fn`)).body).toBe('fn')
    server.use(mock.all('*').reply(204))
    expect((await viaFetch(`${API}/anything`, { method: 'PUT' })).status).toBe(204)
  })

  it('every method factory', async () => {
    for (const method of ['get', 'post', 'put', 'patch', 'delete', 'head', 'options'] as const) {
      server.use(mock[method](`${API}/m`).reply(200, undefined, { headers: { 'x-method': method } }))
      const reply = await viaNodeHttp(`${API}/m`, { method: method.toUpperCase() })
      expect(reply.headers['x-method']).toBe(method)
    }
  })

  it('a builder is immutable: a base can be reused', async () => {
    const base = mock.get(`${API}/page`)
    server.use(base.query({ n: '1' }).reply(200, 'one'), base.query({ n: '2' }).reply(200, 'two'))
    expect((await viaFetch(`${API}/page?n=2`)).body).toBe('two')
    expect((await viaFetch(`${API}/page?n=1`)).body).toBe('one')
  })
})

describe('answers', () => {
  it('reply(status, body, init): JSON, text, no body, headers', async () => {
    server.use(
      mock.get(`${API}/json`).reply(201, { ok: true }, { headers: { 'x-a': '1' } }),
      mock.get(`${API}/text`).reply(200, 'plain'),
      mock.get(`${API}/empty`).reply(404),
    )
    const jsonReply = await viaFetch(`${API}/json`)
    expect(jsonReply).toMatchObject({ status: 201, body: '{"ok":true}' })
    expect(jsonReply.headers).toMatchObject({ 'content-type': 'application/json', 'x-a': '1' })
    expect((await viaFetch(`${API}/text`)).headers['content-type']).toBe('text/plain')
    expect(await viaFetch(`${API}/empty`)).toMatchObject({ status: 404, body: '' })
  })

  it('reply(resolver) gets request, params, cookies and requestId; returning nothing falls through', async () => {
    let seen: unknown
    server.use(
      mock.get(`${API}/users/:id`).reply(({ params, cookies, requestId, request }) => {
        seen = { id: params.id, session: cookies.session, hasId: typeof requestId === 'string', url: request.url }
        return undefined
      }),
      mock.get(`${API}/users/:id`).reply(200, 'second'),
    )
    expect((await viaFetch(`${API}/users/7`, { headers: { cookie: 'session=s' } })).body).toBe('second')
    expect(seen).toEqual({ id: '7', session: 's', hasId: true, url: `${API}/users/7` })
  })

  it('replyWith(response) answers a fresh clone each time', async () => {
    server.use(mock.get(`${API}/same`).replyWith(HttpResponse.json({ same: true }, { status: 202 })))
    expect(await viaFetch(`${API}/same`)).toMatchObject({ status: 202, body: '{"same":true}' })
    expect(await viaFetch(`${API}/same`)).toMatchObject({ status: 202, body: '{"same":true}' })
  })

  it('networkError() fails the request in every client', async () => {
    const failing = mock.get(`${API}/down`).networkError()
    server.use(failing)
    await expect(fetch(`${API}/down`)).rejects.toThrow(TypeError)
    await expect(viaNodeHttp(`${API}/down`)).rejects.toThrow()
    expect(failing.calls.map((call) => call.status)).toEqual([0, 0])
  })

  it('passthrough() reaches a real local server', async () => {
    const local = await startLocalServer()
    try {
      const through = mock.get(`${local.origin}/health`).passthrough()
      server.use(through, mock.get(`${local.origin}/health`).reply(500))
      expect((await viaFetch(`${local.origin}/health`)).body).toBe('real GET /health')
      expect(through.calls[0]?.status).toBeUndefined()
    } finally {
      await local.close()
    }
  })

  it('a resolver that throws answers 500 and still counts as a call', async () => {
    const broken = mock.get(`${API}/broken`).reply(() => {
      throw new Error('boom')
    })
    server.use(broken)
    const reply = await viaFetch(`${API}/broken`)
    expect(reply.status).toBe(500)
    expect(JSON.parse(reply.body)).toMatchObject({ message: 'boom' })
    expect(broken.callCount).toBe(1)
    expect(broken.calls[0]?.status).toBe(500)
  })

  it('generator resolvers step per request', async () => {
    server.use(
      mock.get(`${API}/gen`).reply(function* () {
        yield HttpResponse.text('1')
        return HttpResponse.text('last')
      }),
    )
    const bodies = []
    for (let i = 0; i < 3; i++) bodies.push((await viaFetch(`${API}/gen`)).body)
    expect(bodies).toEqual(['1', 'last', 'last'])
  })

  it('works with getResponse() and as an initial handler', async () => {
    const handler = mock.get('http://localhost/ping').reply(200, 'pong')
    const response = await getResponse([handler], new Request('http://localhost/ping'))
    expect(await response?.text()).toBe('pong')
    expect(handler.callCount).toBe(1)
    expect(handler.info).toEqual({ kind: 'mock', header: 'GET http://localhost/ping' })
  })
})
