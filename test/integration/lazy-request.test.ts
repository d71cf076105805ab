// A plain `fetch(url)` builds its Request only when something reads it; whoever
// reads it (resolver, listener, a spread of the resolver argument) sees one and
// the same Request, exactly what `new Request(url)` gives.
import { http, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest'
import { API } from './support/clients.js'
import { failOnUnhandledRejection } from './support/harness.js'

const server = setupServer()
failOnUnhandledRejection()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  server.resetHandlers()
  server.events.removeAllListeners()
})
afterAll(() => server.close())

it('gives the resolver and the listeners the same Request for a plain fetch(url)', async () => {
  const seen: Request[] = []
  server.events.on('request:start', ({ request }) => seen.push(request))
  server.events.on('request:end', ({ request }) => seen.push(request))
  server.use(
    http.get(`${API}/lazy/:id`, ({ request }) => {
      seen.push(request, request)
      return HttpResponse.json({ method: request.method, url: request.url, bodyUsed: request.bodyUsed })
    }),
  )
  const response = await fetch(`${API}/lazy/1?q=a%20b`)
  expect(await response.json()).toEqual({ method: 'GET', url: `${API}/lazy/1?q=a%20b`, bodyUsed: false })
  expect(seen).toHaveLength(4)
  expect(new Set(seen).size).toBe(1)
  expect(seen[0]).toBeInstanceOf(Request)
  expect(response.url).toBe(`${API}/lazy/1?q=a%20b`)
})

it('keeps request and cookies in a spread of the resolver argument', async () => {
  server.use(
    http.get(`${API}/spread`, (info) => {
      const { request, cookies, params, requestId } = { ...info }
      return HttpResponse.json({ url: request.url, cookies, params, id: typeof requestId })
    }),
  )
  const response = await fetch(`${API}/spread`)
  expect(await response.json()).toEqual({ url: `${API}/spread`, cookies: {}, params: {}, id: 'string' })
})

it('sends an unhandled plain fetch(url) to the unhandled-request policy with its URL', async () => {
  const printed = vi.spyOn(console, 'error').mockImplementation(() => {})
  const error = await fetch(`${API}/nobody-here`).then(
    () => undefined,
    (reason: unknown) => reason,
  )
  expect(error).toBeInstanceOf(TypeError)
  expect(String(printed.mock.calls[0]?.[0])).toContain(`GET ${API}/nobody-here`)
  printed.mockRestore()
})
