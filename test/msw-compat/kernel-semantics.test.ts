// Kernel semantics msw users rely on (issue 10, items 3 and 11): a handler that
// matched and answered nothing makes the request handled; a batched GraphQL request
// is seen whole by a handler that answers it whole, split only when nothing did,
// and one operation of a batch may pass through to a real server.
import { createServer, type Server } from 'node:http'
import { bypass, getResponse, graphql, http, HttpResponse, passthrough } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { viaNodeHttp } from '../integration/support/clients.js'

let real: Server
let origin = ''
beforeAll(async () => {
  // A real GraphQL server on 127.0.0.1: answers every operation with its own name.
  real = createServer((request, response) => {
    let text = ''
    request.on('data', (chunk: Buffer) => (text += chunk))
    request.on('end', () => {
      const body = text === '' ? {} : (JSON.parse(text) as { operationName?: string; query?: string })
      const name = body.operationName ?? /(?:query|mutation)\s+(\w+)/.exec(body.query ?? '')?.[1] ?? request.url
      response.setHeader('content-type', 'application/json')
      response.end(JSON.stringify({ data: { from: 'real server', name } }))
    })
  })
  await new Promise<void>((resolve) => real.listen(0, '127.0.0.1', resolve))
  const address = real.address()
  origin = typeof address === 'object' && address !== null ? `http://127.0.0.1:${address.port}` : ''
})
afterAll(() => new Promise<void>((resolve) => real.close(() => resolve())))

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const postJson = (url: string, body: unknown) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })

describe('matched, answered nothing', () => {
  it("a logging handler (http.all('*')) does not make requests unhandled under 'error': they reach the network", async () => {
    const seen: string[] = []
    const events: string[] = []
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const onEvent = (name: string) => () => events.push(name)
    for (const name of ['request:start', 'request:match', 'request:unhandled', 'request:end'] as const) server.events.on(name, onEvent(name))
    server.use(
      http.all('*', ({ request }) => {
        seen.push(`${request.method} ${new URL(request.url).pathname}`)
      }),
    )
    try {
      const viaFetch = await (await fetch(`${origin}/logged`)).json()
      const viaHttp = JSON.parse((await viaNodeHttp(`${origin}/logged-too`)).body)
      expect(viaFetch).toEqual({ data: { from: 'real server', name: '/logged' } })
      expect(viaHttp).toEqual({ data: { from: 'real server', name: '/logged-too' } })
      expect(seen).toEqual(['GET /logged', 'GET /logged-too'])
      expect(error).not.toHaveBeenCalled()
      // As msw 2.15: start → match → end, and no unhandled.
      expect(events.filter((name) => name !== 'request:start')).toEqual(['request:match', 'request:end', 'request:match', 'request:end'])
    } finally {
      server.events.removeAllListeners()
      error.mockRestore()
    }
  })
})

describe('GraphQL batches', () => {
  const batch = [
    { query: 'query First { a }', operationName: 'First' },
    { query: 'query Second { b }', operationName: 'Second' },
  ]

  it('a handler that answers the whole batched request sees it whole (the getResponse recipe)', async () => {
    const individual = [
      graphql.query('First', () => HttpResponse.json({ data: { a: 'mocked first' } })),
      graphql.query('Second', () => HttpResponse.json({ data: { b: 'mocked second' } })),
    ]
    const whole = vi.fn()
    server.use(
      http.post(`${origin}/batch`, async ({ request }) => {
        const operations = (await request.json()) as Array<{ query: string; operationName: string }>
        whole(operations.length)
        const answers = await Promise.all(
          operations.map(async (operation) => {
            const single = new Request(request.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(operation) })
            return (await getResponse(individual, single))?.json()
          }),
        )
        return HttpResponse.json(answers)
      }),
      ...individual,
    )
    expect(await (await postJson(`${origin}/batch`, batch)).json()).toEqual([{ data: { a: 'mocked first' } }, { data: { b: 'mocked second' } }])
    expect(whole).toHaveBeenCalledWith(2)
  })

  it('is split only when nothing answers it whole; one operation may pass through to the real server while the other is mocked', async () => {
    server.use(
      graphql.query('First', () => HttpResponse.json({ data: { a: 'mocked first' } })),
      graphql.query('Second', () => passthrough()),
    )
    const answer = await (await postJson(`${origin}/graphql`, batch)).json()
    expect(answer).toEqual([{ data: { a: 'mocked first' } }, { data: { from: 'real server', name: 'Second' } }])
  })

  it('a bypass() request is never split or matched', async () => {
    server.use(graphql.query('First', () => HttpResponse.json({ data: { a: 'mocked' } })))
    const response = await fetch(bypass(new Request(`${origin}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(batch[0]) })))
    expect(await response.json()).toEqual({ data: { from: 'real server', name: 'First' } })
  })
})
