// @vitest-environment happy-dom
// The XMLHttpRequest interceptor is loaded with import() (cold start, issue 9):
// at `import 'mocklib/node'` when the environment already has XMLHttpRequest,
// else at the first listen(). Here the class is hidden while mocklib/node loads
// (as with a DOM environment registered after the import): the interceptor must
// still take it over, and a server closed before the load completes must leave
// the class alone.
import { http, HttpResponse } from 'mocklib'
import { afterAll, describe, expect, it, vi } from 'vitest'

const EnvironmentXhr = globalThis.XMLHttpRequest
delete (globalThis as { XMLHttpRequest?: unknown }).XMLHttpRequest
const hadXmlHttpRequestAtImport = typeof globalThis.XMLHttpRequest === 'function'
const { setupServer } = await import('mocklib/node')
globalThis.XMLHttpRequest = EnvironmentXhr

const server = setupServer(http.get('https://other.example.test/data', () => HttpResponse.json({ from: 'handler' })))
afterAll(() => server.close())

function send(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest()
    request.open('GET', url)
    request.onload = () => resolve({ status: request.status, body: request.responseText })
    request.onerror = () => reject(new Error(`XHR GET ${url} failed`))
    request.send()
  })
}

describe('an XMLHttpRequest class that appears after the import', () => {
  it('was not there at import', () => {
    expect(hadXmlHttpRequestAtImport).toBe(false)
  })

  it('a server closed in the same tick as listen() leaves the class alone once the interceptor loads', async () => {
    server.listen({ onUnhandledRequest: 'error' })
    server.close()
    // The second listen() waits for the same load; by the time it patched, the first one has settled.
    server.listen({ onUnhandledRequest: 'error' })
    await vi.waitFor(() => expect(globalThis.XMLHttpRequest).not.toBe(EnvironmentXhr))
    server.close()
    expect(globalThis.XMLHttpRequest).toBe(EnvironmentXhr)
  })

  it('is taken over at the XHR level: a cross-origin answer needs no CORS headers', async () => {
    server.listen({ onUnhandledRequest: 'error' })
    try {
      expect(globalThis.XMLHttpRequest).not.toBe(EnvironmentXhr)
      const reply = await send('https://other.example.test/data')
      expect(reply).toEqual({ status: 200, body: JSON.stringify({ from: 'handler' }) })
    } finally {
      server.close()
    }
    expect(globalThis.XMLHttpRequest).toBe(EnvironmentXhr)
  })
})
