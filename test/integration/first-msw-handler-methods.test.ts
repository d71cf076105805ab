// Issue 23 item 6: msw 2's handler methods on mocklib's handlers (`run()`, `test()`, and matching or
// answering through a subclass's `parse`/`predicate`/`run` overrides) load their code with the first
// call that needs it. Every test imports mocklib afresh (vi.resetModules), so its first call is the
// one that loads that code; the same call follows with the code loaded, and both must end alike,
// including a resolver that throws and a request the client aborts.
import type { HttpHandler as HttpHandlerClass } from 'mocklib'
import { expect, it, vi } from 'vitest'
import { closeServerAfterEach, failOnUnhandledRejection } from './support/harness.js'

failOnUnhandledRejection()

const closeAfterTest = closeServerAfterEach()

async function freshMocklib() {
  vi.resetModules()
  return import('mocklib')
}

/** What a fetch got: status and body, or the error. */
async function fetchOutcome(url: string, init?: RequestInit): Promise<unknown> {
  try {
    const response = await fetch(url, init)
    return { status: response.status, body: await response.text() }
  } catch (error) {
    return { error: `${(error as Error).name}: ${(error as Error).message}` }
  }
}

it('the first handler.run() and handler.test() answer like the next', async () => {
  const { http, HttpResponse } = await freshMocklib()
  const handler = http.get('https://api.example.test/users/:id', ({ params }) => HttpResponse.json({ id: params.id }))
  const runOnce = async () => {
    const result = await handler.run({ request: new Request('https://api.example.test/users/7'), requestId: 'r1' })
    return { parsed: result?.parsedResult, status: result?.response?.status, body: await result?.response?.json() }
  }
  const first = await runOnce()
  expect(first).toEqual({ parsed: { match: { matches: true, params: { id: '7' } }, cookies: {} }, status: 200, body: { id: '7' } })
  expect(await runOnce()).toEqual(first)
  expect(await handler.run({ request: new Request('https://api.example.test/other'), requestId: 'r2' })).toBeNull()

  const fresh = (await freshMocklib()).http.get('https://api.example.test/users/:id', () => new Response('x'))
  const tests = [await fresh.test({ request: new Request('https://api.example.test/users/1') }), await fresh.test({ request: new Request('https://api.example.test/nope') })]
  expect(tests).toEqual([true, false])
  expect([await fresh.test({ request: new Request('https://api.example.test/users/1') }), await fresh.test({ request: new Request('https://api.example.test/nope') })]).toEqual(tests)
})

it('the first handler.run() whose resolver throws rejects like the next', async () => {
  const { http } = await freshMocklib()
  const handler = http.get('https://api.example.test/broken', () => {
    throw new Error('resolver failed')
  })
  const printed = vi.spyOn(console, 'error').mockImplementation(() => {})
  const outcome = () => handler.run({ request: new Request('https://api.example.test/broken'), requestId: 'r' }).then(
    (result) => ({ status: result?.response?.status }),
    (error: Error) => ({ rejected: error.message }),
  )
  const first = await outcome()
  expect(first).toEqual({ rejected: 'resolver failed' })
  expect(await outcome()).toEqual(first)
  printed.mockRestore()
})

it('the first request (global fetch) matched through an overridden predicate, in the tick of listen(), is answered like the next', async () => {
  const { HttpHandler, HttpResponse } = await freshMocklib()
  const { setupServer } = await import('mocklib/node')
  class TenantHandler extends HttpHandler {
    override predicate(args: Parameters<HttpHandlerClass['predicate']>[0]) {
      return args.request.headers.get('x-tenant') === 'acme' && super.predicate(args)
    }
  }
  class WrappingHandler extends HttpHandler {
    override async run(args: Parameters<HttpHandlerClass['run']>[0]) {
      const result = await super.run(args)
      if (result?.response) result.response.headers.set('x-wrapped', 'yes')
      return result
    }
  }
  const server = setupServer(
    new TenantHandler('GET', 'https://api.example.test/tenant', () => HttpResponse.text('acme data')),
    new WrappingHandler('GET', 'https://api.example.test/wrapped', () => HttpResponse.text('wrapped data')),
  )
  server.listen({ onUnhandledRequest: 'error' })
  closeAfterTest(server)
  const tenant = () => fetchOutcome('https://api.example.test/tenant', { headers: { 'x-tenant': 'acme' } })
  const first = await tenant()
  expect(first).toEqual({ status: 200, body: 'acme data' })
  expect(await tenant()).toEqual(first)
  const wrapped = async () => {
    const response = await fetch('https://api.example.test/wrapped')
    return { header: response.headers.get('x-wrapped'), body: await response.text() }
  }
  const firstWrapped = await wrapped()
  expect(firstWrapped).toEqual({ header: 'yes', body: 'wrapped data' })
  expect(await wrapped()).toEqual(firstWrapped)
})

it('the first request matched through an overridden predicate and aborted in its tick fails like the next', async () => {
  const { HttpHandler, HttpResponse } = await freshMocklib()
  const { setupServer } = await import('mocklib/node')
  class AnyTenant extends HttpHandler {
    override predicate(args: Parameters<HttpHandlerClass['predicate']>[0]) {
      return super.predicate(args)
    }
  }
  const server = setupServer(new AnyTenant('GET', 'https://api.example.test/slow', () => HttpResponse.text('late')))
  server.listen({ onUnhandledRequest: 'error' })
  closeAfterTest(server)
  const aborted = () => {
    const controller = new AbortController()
    const outcome = fetchOutcome('https://api.example.test/slow', { signal: controller.signal })
    controller.abort()
    return outcome
  }
  const first = await aborted()
  expect(first).toEqual({ error: 'AbortError: This operation was aborted' })
  expect(await aborted()).toEqual(first)
})
