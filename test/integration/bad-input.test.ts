// Bad input and stress: readable failures, no unhandled rejection, no crash,
// other requests keep working, large bodies round-trip.
import { http, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { API, clients, viaFetch, viaNodeHttp } from './support/clients.js'
import { failOnUnhandledRejection } from './support/harness.js'

const server = setupServer(http.get(`${API}/healthy`, () => HttpResponse.text('ok')))
failOnUnhandledRejection()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

async function stillHealthy(): Promise<void> {
  expect((await viaFetch(`${API}/healthy`)).body).toBe('ok')
  expect((await viaNodeHttp(`${API}/healthy`)).body).toBe('ok')
}

describe('a resolver that answers something other than a Response', () => {
  it.each([
    ['a plain object', () => ({ id: 1 }), /returned an object \(\{"id":1\}\), which is not a Response/],
    ['a string', () => 'text', /returned string "text"/],
    ['an array', () => [1, 2], /returned an array/],
    ['a number from an async resolver', async () => 42, /returned number 42/],
  ])('%s: the client gets a 500 naming the handler', async (_kind, resolver, expected) => {
    server.use(http.get(`${API}/wrong`, resolver as never))
    for (const [, client] of clients) {
      const reply = await client(`${API}/wrong`)
      expect(reply.status).toBe(500)
      const body = JSON.parse(reply.body) as { name: string; message: string }
      expect(body.name).toBe('TypeError')
      expect(body.message).toMatch(expected)
      expect(body.message).toContain(`GET ${API}/wrong`)
    }
    await stillHealthy()
  })
})

describe('a resolver that throws', () => {
  it('request.json() on a non-JSON body surfaces as the resolver error: 500 with name and message', async () => {
    server.use(
      http.post(`${API}/json`, async ({ request }) => {
        const body = await request.json()
        return HttpResponse.json(body)
      }),
    )
    for (const [, client] of clients) {
      const reply = await client(`${API}/json`, { method: 'POST', body: 'not json {', headers: { 'content-type': 'application/json' } })
      expect(reply.status).toBe(500)
      const body = JSON.parse(reply.body) as { name: string; message: string; stack: string }
      expect(body.name).toBe('SyntaxError')
      expect(body.message).toMatch(/JSON/)
      expect(typeof body.stack).toBe('string')
    }
    await stillHealthy()
  })

  it('a thrown non-Error value becomes an Error message', async () => {
    server.use(
      http.get(`${API}/throws-string`, () => {
        throw 'just a string'
      }),
    )
    const reply = await viaFetch(`${API}/throws-string`)
    expect(reply.status).toBe(500)
    expect(JSON.parse(reply.body)).toMatchObject({ name: 'Error', message: 'just a string' })
  })

  it('a generator that throws after yielding', async () => {
    server.use(
      http.get(`${API}/gen`, function* () {
        yield HttpResponse.text('first')
        throw new Error('second fails')
      }),
    )
    expect((await viaFetch(`${API}/gen`)).body).toBe('first')
    const second = await viaNodeHttp(`${API}/gen`)
    expect(second.status).toBe(500)
    expect(JSON.parse(second.body).message).toBe('second fails')
    await stillHealthy()
  })
})

describe('large bodies', () => {
  const size = 10 * 1024 * 1024
  const big = 'x'.repeat(size - 6) + 'tail!!'

  it.each(clients)('a 10 MB request body and a 10 MB response body round-trip (%s)', async (_name, client) => {
    server.use(
      http.post(`${API}/upload`, async ({ request }) => {
        const text = await request.text()
        return HttpResponse.text(text, { headers: { 'x-received': String(text.length) } })
      }),
    )
    const reply = await client(`${API}/upload`, { method: 'POST', body: big, headers: { 'content-type': 'text/plain' } })
    expect(reply.status).toBe(200)
    expect(reply.headers['x-received']).toBe(String(size))
    expect(reply.body.length).toBe(size)
    expect(reply.body.endsWith('tail!!')).toBe(true)
  })
})

describe('aborted requests', () => {
  it('fetch with an already-aborted signal rejects with the reason', async () => {
    server.use(http.get(`${API}/abort`, () => HttpResponse.text('never')))
    const controller = new AbortController()
    controller.abort()
    await expect(fetch(`${API}/abort`, { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' })
  })

  it('aborting while the resolver waits rejects, and the late answer goes nowhere', async () => {
    let release: () => void = () => {}
    server.use(
      http.get(`${API}/slow-abort`, async () => {
        await new Promise<void>((resolve) => (release = resolve))
        return HttpResponse.text('late')
      }),
    )
    const controller = new AbortController()
    const pending = fetch(`${API}/slow-abort`, { signal: controller.signal })
    setTimeout(() => controller.abort(), 10)
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' })
    release()
    await stillHealthy()
  })

  it('node:http request destroyed while the resolver waits does not crash anything', async () => {
    const { default: nodeHttps } = await import('node:https')
    let release: () => void = () => {}
    server.use(
      http.get(`${API}/destroyed`, async () => {
        await new Promise<void>((resolve) => (release = resolve))
        return HttpResponse.text('late')
      }),
    )
    const error = await new Promise<unknown>((resolve) => {
      // A fresh connection: see the note on pooled sockets in the socket layer (README, Limits).
      const request = nodeHttps.get(`${API}/destroyed`, { agent: false }, () => resolve('response'))
      request.on('error', resolve)
      setTimeout(() => request.destroy(new Error('client gave up')), 10)
    })
    expect(String(error)).toContain('client gave up')
    release()
    await new Promise((resolve) => setTimeout(resolve, 20))
    await stillHealthy()
  })
})

describe('many requests at once', () => {
  it('200 concurrent requests across clients, some failing, all settle correctly', async () => {
    server.use(
      http.get(`${API}/n/:n`, ({ params }) => {
        const n = Number(params.n)
        if (n % 10 === 0) return HttpResponse.error()
        if (n % 10 === 1) throw new Error(`fail ${n}`)
        return HttpResponse.json({ n })
      }),
    )
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      const results = await Promise.allSettled(
        Array.from({ length: 200 }, (_, n) => clients[n % clients.length]![1](`${API}/n/${n}`)),
      )
      results.forEach((result, n) => {
        if (n % 10 === 0) expect(result.status).toBe('rejected')
        else if (n % 10 === 1) expect(result.status === 'fulfilled' && result.value.status).toBe(500)
        else expect(result.status === 'fulfilled' && JSON.parse(result.value.body)).toEqual({ n })
      })
    } finally {
      error.mockRestore()
    }
    await stillHealthy()
  })
})
