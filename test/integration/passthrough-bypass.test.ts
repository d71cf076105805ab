// passthrough(), bypass(), delay() and getResponse() against a real loopback server.
import { bypass, delay, getResponse, http, HttpResponse, passthrough } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { request as undiciRequest } from 'undici'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { API, clients, viaFetch, viaNodeHttp, viaUndiciRequest } from './support/clients.js'
import { failOnUnhandledRejection, useLocalServer } from './support/harness.js'

const local = useLocalServer((request, response, body) => {
  response.setHeader('content-type', 'application/json')
  response.end(JSON.stringify({ real: true, method: request.method, url: request.url, body, marked: request.headers['x-mocklib-bypass'] ?? null }))
})
const server = setupServer()
failOnUnhandledRejection()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

describe('passthrough()', () => {
  it.each(clients)('sends the request to the network unchanged, body included (%s)', async (_name, client) => {
    server.use(
      http.post('*/echo', async ({ request }) => {
        // Reading the body in the resolver must not starve the network copy.
        expect(await request.text()).toBe('payload')
        return passthrough()
      }),
      http.post('*/echo', () => HttpResponse.text('later handler must not run')),
    )
    const reply = await client(`${local.origin}/echo?x=1`, { method: 'POST', body: 'payload', headers: { 'content-type': 'text/plain' } })
    expect(JSON.parse(reply.body)).toEqual({ real: true, method: 'POST', url: '/echo?x=1', body: 'payload', marked: null })
  })

  it('a socket opened by a fetch passthrough does not hide later requests from handlers', async () => {
    server.use(
      http.get('*/pass', () => passthrough()),
      http.get('*/mock', () => HttpResponse.text('mocked')),
    )
    expect(JSON.parse((await viaFetch(`${local.origin}/pass`)).body).real).toBe(true)
    expect((await viaUndiciRequest(`${local.origin}/mock`)).body).toBe('mocked')
    expect((await viaNodeHttp(`${local.origin}/mock`)).body).toBe('mocked')
    expect((await viaFetch(`${local.origin}/mock`)).body).toBe('mocked')
  })
})

describe('bypass()', () => {
  it('makes a request no handler sees, to patch the real response', async () => {
    server.use(
      http.get('*/user', async ({ request }) => {
        const real = await fetch(bypass(request))
        const body = (await real.json()) as Record<string, unknown>
        return HttpResponse.json({ ...body, patched: true })
      }),
    )
    for (const client of [viaFetch, viaNodeHttp, viaUndiciRequest]) {
      const reply = JSON.parse((await client(`${local.origin}/user`)).body)
      expect(reply).toEqual({ real: true, method: 'GET', url: '/user', body: '', marked: null, patched: true })
    }
  })

  it('works with node:http and undici too, and the marker header never reaches the network', async () => {
    server.use(http.get('*/direct', () => HttpResponse.text('mocked')))
    const request = bypass(`${local.origin}/direct`)
    const viaUndici = await undiciRequest(request.url, { headers: Object.fromEntries(request.headers) })
    expect(JSON.parse(await viaUndici.body.text())).toMatchObject({ real: true, marked: null })
    const viaHttp = await viaNodeHttp(request.url, { headers: Object.fromEntries(request.headers) })
    expect(JSON.parse(viaHttp.body)).toMatchObject({ real: true, marked: null })
  })

  it('keeps the method, headers and body of a Request and applies init', async () => {
    const original = new Request(`${local.origin}/bypassed`, { method: 'POST', body: 'data' })
    const real = await fetch(bypass(original, { headers: { 'x-extra': '1' } }))
    expect(await real.json()).toMatchObject({ method: 'POST', body: 'data', marked: null })
    // The original request stays readable.
    expect(await original.text()).toBe('data')
  })

  it('throws when the body was already read', async () => {
    const request = new Request(`${API}/x`, { method: 'POST', body: 'data' })
    await request.text()
    expect(() => bypass(request)).toThrow(/already read/)
  })
})

describe('delay()', () => {
  it('waits the given time before answering', async () => {
    server.use(
      http.get(`${API}/slow`, async () => {
        await delay(120)
        return HttpResponse.text('late')
      }),
    )
    const started = performance.now()
    expect((await viaNodeHttp(`${API}/slow`)).body).toBe('late')
    expect(performance.now() - started).toBeGreaterThanOrEqual(100)
  })

  it("'real' (the default) is short in Node", async () => {
    const started = performance.now()
    await delay()
    await delay('real')
    expect(performance.now() - started).toBeLessThan(100)
  })

  it("'infinite' never resolves: the client's own timeout fires", async () => {
    server.use(
      http.get(`${API}/hang`, async () => {
        await delay('infinite')
        return HttpResponse.text('never')
      }),
    )
    const error = await fetch(`${API}/hang`, { signal: AbortSignal.timeout(50) }).catch((caught: unknown) => caught)
    expect((error as Error).name).toMatch(/TimeoutError|AbortError/)
  })

  it('rejects bad durations', () => {
    expect(() => delay(-1)).toThrow(/delay\(\) got -1/)
    expect(() => delay(Number.NaN)).toThrow(TypeError)
  })
})

describe('getResponse()', () => {
  const handlers = [
    http.get(`${API}/ping`, () => HttpResponse.text('pong')),
    http.get(`${API}/pass`, () => passthrough()),
    http.get(`${API}/boom`, () => {
      throw new Error('boom')
    }),
  ]

  it('resolves a request against handlers without interception', async () => {
    const response = await getResponse(handlers, new Request(`${API}/ping`))
    expect(await response?.text()).toBe('pong')
  })

  it('answers undefined for no match and for passthrough()', async () => {
    expect(await getResponse(handlers, new Request(`${API}/nothing`))).toBeUndefined()
    expect(await getResponse(handlers, new Request(`${API}/pass`))).toBeUndefined()
  })

  it('answers the 500 a client would get when a resolver throws', async () => {
    const response = await getResponse(handlers, new Request(`${API}/boom`))
    expect(response?.status).toBe(500)
    expect(await response?.json()).toMatchObject({ name: 'Error', message: 'boom' })
  })
})
