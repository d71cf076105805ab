// Issue 14.6: only mocklib's own calls may skip the handlers. A request that merely
// carries the bypass header (forwarded from an incoming request, say) is an ordinary
// request; bypass() still reaches the network.
import { bypass, http, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { clients } from '../integration/support/clients.js'
import { useLocalServer } from '../integration/support/harness.js'

const local = useLocalServer()
const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

describe('the bypass header', () => {
  it.each(clients)('a forged x-mocklib-bypass header does not skip the handlers (%s)', async (_name, client) => {
    server.use(http.get(`${local.origin}/guarded`, () => HttpResponse.text('mocked')))
    for (const value of ['1', 'own', 'bypass', 'true']) {
      const reply = await client(`${local.origin}/guarded`, { headers: { 'x-mocklib-bypass': value } })
      expect(reply.body).toBe('mocked')
    }
  })

  it('bypass() reaches the real server, and the header never does', async () => {
    server.use(http.get(`${local.origin}/guarded`, () => HttpResponse.text('mocked')))
    const real = await (await fetch(bypass(`${local.origin}/guarded`))).text()
    expect(real).toBe('real GET /guarded')
    expect(local.received.at(-1)?.headers['x-mocklib-bypass']).toBeUndefined()
  })
})
