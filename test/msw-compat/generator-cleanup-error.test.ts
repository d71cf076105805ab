// A generator resolver whose cleanup (`finally`) throws, as msw 2.15 handles it: console.error gets the
// thrown Error itself (alone, first), `unhandledException` carries it, and the client gets the 500 with
// `{ name, message, stack }` (msw lets the error reach @mswjs/interceptors, which answers so).
import http from 'node:http'
import { http as rest, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'

const API = 'http://api.generator-cleanup.test'
const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  server.resetHandlers()
  server.events.removeAllListeners()
  vi.restoreAllMocks()
})
afterAll(() => server.close())

function viaNodeHttp(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, (response) => {
        let body = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => (body += chunk))
        response.on('end', () => resolve({ status: response.statusCode!, body }))
      })
      .on('error', reject)
  })
}

describe('a generator resolver whose finally throws', () => {
  it.each([
    ['global fetch', async (url: string) => { const response = await fetch(url); return { status: response.status, body: await response.text() } }],
    ['node:http', viaNodeHttp],
  ] as const)('console.error receives the thrown Error itself, and the client gets the 500 (%s)', async (_client, request) => {
    const cleanupError = new TypeError('cleanup failed')
    const printed = vi.spyOn(console, 'error').mockImplementation(() => {})
    const exceptions: Error[] = []
    server.events.on('unhandledException', ({ error }) => exceptions.push(error))
    server.use(
      rest.get(`${API}/steps`, function* () {
        try {
          yield HttpResponse.text('first')
          return HttpResponse.text('last')
        } finally {
          // eslint-disable-next-line no-unsafe-finally
          throw cleanupError
        }
      }),
    )
    expect(await request(`${API}/steps`)).toEqual({ status: 200, body: 'first' })
    expect(printed).not.toHaveBeenCalled()

    const failed = await request(`${API}/steps`)
    expect(failed.status).toBe(500)
    expect(JSON.parse(failed.body)).toEqual({ name: 'TypeError', message: 'cleanup failed', stack: cleanupError.stack })
    // The very error, alone, as the first thing printed (msw: console.error(error)).
    expect(printed.mock.calls[0]).toEqual([cleanupError])
    expect(printed.mock.calls[0]![0]).toBe(cleanupError)
    expect(printed).toHaveBeenCalledWith(cleanupError)
    expect(String(printed.mock.calls[1]![0])).toMatch(/^\[mocklib\] The resolver of "GET http:\/\/api\.generator-cleanup\.test\/steps" threw the error printed above/)
    expect(exceptions).toEqual([cleanupError])
  })

  it('an async generator: the same error object reaches console.error', async () => {
    const cleanupError = new RangeError('async cleanup failed')
    const printed = vi.spyOn(console, 'error').mockImplementation(() => {})
    server.use(
      rest.get(`${API}/async`, async function* () {
        try {
          yield HttpResponse.text('only')
        } finally {
          // eslint-disable-next-line no-unsafe-finally
          throw cleanupError
        }
      }),
    )
    expect((await fetch(`${API}/async`)).status).toBe(200)
    expect((await fetch(`${API}/async`)).status).toBe(500)
    expect(printed).toHaveBeenNthCalledWith(1, cleanupError)
  })
})
