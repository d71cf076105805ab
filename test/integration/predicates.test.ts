// Every REST predicate form, through real clients.
import { http, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { API, viaFetch, viaNodeHttp, viaUndiciRequest } from './support/clients.js'
import { failOnUnhandledRejection } from './support/harness.js'

const server = setupServer()
failOnUnhandledRejection()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const echoParams = ({ params }: { params: Record<string, string | undefined> }) => HttpResponse.json(params)

/** The params a request matched with, or `null` when the request was unhandled. */
async function paramsOf(url: string, client = viaFetch): Promise<unknown> {
  const error = vi.spyOn(console, 'error').mockImplementation(() => {})
  try {
    const reply = await client(url)
    return JSON.parse(reply.body)
  } catch {
    return null
  } finally {
    error.mockRestore()
  }
}

describe('path params', () => {
  it('parses :name params', async () => {
    server.use(http.get(`${API}/users/:userId/posts/:postId`, echoParams))
    expect(await paramsOf(`${API}/users/u1/posts/p2`)).toEqual({ userId: 'u1', postId: 'p2' })
    expect(await paramsOf(`${API}/users/u1/posts`)).toBeNull()
    expect(await paramsOf(`${API}/users/u1/posts/p2/extra`)).toBeNull()
  })

  it('URL-decodes params', async () => {
    server.use(http.get(`${API}/files/:name`, echoParams))
    expect(await paramsOf(`${API}/files/hello%20world%2Fx%C3%A9`)).toEqual({ name: 'hello world/xé' })
    expect(await paramsOf(`${API}/files/caf%C3%A9`, viaNodeHttp)).toEqual({ name: 'café' })
    // A malformed escape is kept as written rather than failing the match.
    expect(await paramsOf(`${API}/files/100%25`)).toEqual({ name: '100%' })
  })

  it('makes :name? optional', async () => {
    server.use(http.get(`${API}/posts/:id?`, echoParams))
    expect(await paramsOf(`${API}/posts/7`)).toEqual({ id: '7' })
    expect(await paramsOf(`${API}/posts`)).toEqual({})
    expect(await paramsOf(`${API}/posts/`)).toEqual({})
  })

  it('treats params followed by a literal suffix', async () => {
    server.use(http.get(`${API}/reports/:year.json`, echoParams))
    expect(await paramsOf(`${API}/reports/2024.json`)).toEqual({ year: '2024' })
  })
})

describe('wildcards', () => {
  it('* in the path matches any rest, including slashes', async () => {
    server.use(http.get(`${API}/static/*`, echoParams))
    expect(await paramsOf(`${API}/static/css/site.css`)).toEqual({ '0': 'css/site.css' })
    expect(await paramsOf(`${API}/other`)).toBeNull()
  })

  it('"*" with http.all matches every request', async () => {
    server.use(http.all('*', ({ request }) => HttpResponse.json({ method: request.method })))
    expect(JSON.parse((await viaNodeHttp('http://anything.test:8080/x/y', { method: 'PUT' })).body)).toEqual({ method: 'PUT' })
  })

  it('* in the port: http://localhost:*/x', async () => {
    server.use(http.get('http://localhost:*/x', () => HttpResponse.text('any port')))
    expect((await viaFetch('http://localhost:1234/x')).body).toBe('any port')
    expect((await viaNodeHttp('http://localhost:9/x')).body).toBe('any port')
    expect(await paramsOf('http://localhost:1234/y')).toBeNull()
  })

  it('* in the host: https://*.example.com/*', async () => {
    server.use(http.get('https://*.example.com/*', () => HttpResponse.json({ ok: true })))
    expect(await paramsOf('https://api.example.com/v1/users')).toEqual({ ok: true })
    expect(await paramsOf('https://deep.api.example.com/')).toEqual({ ok: true })
    expect(await paramsOf('https://example.org/v1')).toBeNull()
    expect(await paramsOf('http://api.example.com/v1')).toBeNull()
  })

  it('a leading * matches any origin', async () => {
    server.use(http.get('*/health', () => HttpResponse.json({ up: true })))
    expect(await paramsOf(`${API}/health`)).toEqual({ up: true })
    expect(await paramsOf('http://127.0.0.2:7/health', viaUndiciRequest)).toEqual({ up: true })
  })
})

describe('absolute and host-less predicates', () => {
  it('an absolute URL matches only its origin', async () => {
    server.use(http.get(`${API}/only`, () => HttpResponse.json({ here: true })))
    expect(await paramsOf(`${API}/only`)).toEqual({ here: true })
    expect(await paramsOf('https://elsewhere.example.test/only')).toBeNull()
  })

  it('an absolute URL with a port matches only that port', async () => {
    server.use(http.get('http://localhost:3000/api/:id', echoParams))
    expect(await paramsOf('http://localhost:3000/api/5')).toEqual({ id: '5' })
    expect(await paramsOf('http://localhost:3001/api/5')).toBeNull()
  })

  it('a host-less path matches that path on any origin in Node', async () => {
    server.use(http.get('/api/items/:id', echoParams))
    expect(await paramsOf(`${API}/api/items/1`)).toEqual({ id: '1' })
    expect(await paramsOf('http://localhost:5173/api/items/2', viaNodeHttp)).toEqual({ id: '2' })
  })

  it('a path without a leading slash still matches', async () => {
    server.use(http.get('api/plain', () => HttpResponse.json({ plain: true })))
    expect(await paramsOf(`${API}/api/plain`)).toEqual({ plain: true })
  })

  it('accepts an optional trailing slash, both ways', async () => {
    server.use(http.get(`${API}/slash`, () => HttpResponse.json({ a: 1 })), http.get(`${API}/with-slash/`, () => HttpResponse.json({ b: 1 })))
    expect(await paramsOf(`${API}/slash/`)).toEqual({ a: 1 })
    expect(await paramsOf(`${API}/with-slash`)).toEqual({ b: 1 })
  })

  it('matches the root path with or without a slash in the predicate', async () => {
    server.use(http.get('https://root.example.test', () => HttpResponse.json({ bare: true })), http.get('http://root2.example.test/', () => HttpResponse.json({ slash: true })))
    expect(await paramsOf('https://root.example.test/')).toEqual({ bare: true })
    expect(await paramsOf('http://root2.example.test')).toEqual({ slash: true })
    expect(await paramsOf('http://root2.example.test/deeper')).toBeNull()
  })

  it('matches paths case-insensitively and ignores the request query and hash', async () => {
    server.use(http.get(`${API}/Case/:id`, echoParams))
    expect(await paramsOf(`${API}/case/ABC?x=1#top`)).toEqual({ id: 'ABC' })
  })

  it('matches encoded literal segments against their encoded request form', async () => {
    server.use(http.get(`${API}/a b/ü`, () => HttpResponse.json({ encoded: true })))
    expect(await paramsOf(`${API}/a%20b/%C3%BC`)).toEqual({ encoded: true })
  })
})

describe('a query string in the predicate', () => {
  it('is ignored with a warning that says how to read the query', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    try {
      server.use(http.get(`${API}/search?q=cats`, ({ request }) => HttpResponse.json({ q: new URL(request.url).searchParams.get('q') })))
      expect(warn).toHaveBeenCalledTimes(1)
      expect(String(warn.mock.calls[0]![0])).toMatch(/query string in ".*search\?q=cats" is ignored.*searchParams/s)
    } finally {
      warn.mockRestore()
    }
    expect(await paramsOf(`${API}/search?q=dogs`)).toEqual({ q: 'dogs' })
  })

  it('does not confuse an optional param with a query', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    try {
      http.get('/posts/:id?', () => undefined)
      expect(warn).not.toHaveBeenCalled()
    } finally {
      warn.mockRestore()
    }
  })
})

describe('RegExp predicates', () => {
  it('test the full URL and expose named groups as params', async () => {
    server.use(http.get(/\/orders\/(?<orderId>\d+)$/, echoParams))
    expect(await paramsOf(`${API}/orders/42`)).toEqual({ orderId: '42' })
    expect(await paramsOf(`${API}/orders/abc`)).toBeNull()
  })

  it('a global RegExp matches every time (no lastIndex state)', async () => {
    server.use(http.get(/\/g$/g, () => HttpResponse.json({ g: true })))
    for (let i = 0; i < 3; i++) expect(await paramsOf(`${API}/g`)).toEqual({ g: true })
  })
})

describe('custom predicate functions', () => {
  it('receive the request and cookies', async () => {
    server.use(
      http.post(
        ({ request, cookies }) => request.headers.get('x-tenant') === 'acme' && cookies.role === 'admin',
        () => HttpResponse.json({ admin: true }),
      ),
    )
    const reply = await viaNodeHttp(`${API}/anything`, { method: 'POST', headers: { 'x-tenant': 'acme', cookie: 'role=admin' } })
    expect(JSON.parse(reply.body)).toEqual({ admin: true })
    const other = await viaNodeHttp(`${API}/anything`, { method: 'POST', headers: { 'x-tenant': 'acme' } }).catch(() => null)
    expect(other).toBeNull()
  })

  it('only the method of the factory passes', async () => {
    server.use(http.delete(() => true, () => HttpResponse.json({ deleted: true })))
    expect(JSON.parse((await viaFetch(`${API}/x`, { method: 'DELETE' })).body)).toEqual({ deleted: true })
    expect(await paramsOf(`${API}/x`)).toBeNull()
  })
})

describe('invalid predicates fail at handler creation, naming the pattern', () => {
  it.each([
    ['/posts/:', /"\/posts\/:"/],
    ['/posts/:1id', /"\/posts\/:1id"/],
    ['/a/:id/b/:id', /"\/a\/:id\/b\/:id".*":id" twice/s],
    ['', /empty path/],
  ])('%j', (pattern, expected) => {
    expect(() => http.get(pattern, () => undefined)).toThrow(expected)
    expect(() => http.get(pattern, () => undefined)).toThrow(/^\[mocklib\]/)
  })

  it('rejects a predicate of the wrong type and a missing resolver', () => {
    expect(() => http.get(42 as never, () => undefined)).toThrow(/http\.get\(\) expects a path/)
    expect(() => http.get(null as never, () => undefined)).toThrow(/got null/)
    expect(() => http.get('/ok', undefined as never)).toThrow(/expects a resolver function/)
  })
})
