/**
 * XMLHttpRequest scenarios for DOM test environments (run by the jsdom and
 * happy-dom files). The XHR source is started on a runtime of its own, the
 * way setupServer will start it when `globalThis.XMLHttpRequest` exists.
 */
import axios from 'axios'
import { http, HttpResponse, passthrough } from 'mocklib'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createRuntime, HandlerScope, type Handler } from '../../../src/kernel/index.js'
import { createAsyncScopeStore } from '../../../src/kernel/node/index.js'
import { documentCookies, xhrSource } from '../../../src/kernel/node/xhr/xhr-source.js'
import { useLocalServer } from '../../integration/support/harness.js'

interface XhrReply {
  readonly status: number
  readonly statusText: string
  readonly body: string
  readonly contentType: string | null
}

function xhr(method: string, url: string, options: { body?: string; headers?: Record<string, string>; withCredentials?: boolean } = {}): Promise<XhrReply> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest()
    request.open(method, url)
    request.withCredentials = options.withCredentials === true
    for (const [name, value] of Object.entries(options.headers ?? {})) request.setRequestHeader(name, value)
    request.onload = () => resolve({ status: request.status, statusText: request.statusText, body: request.responseText, contentType: request.getResponseHeader('content-type') })
    request.onerror = () => reject(new Error(`XHR ${method} ${url} failed`))
    request.send(options.body ?? null)
  })
}

export function xhrScenarios(environment: string): void {
  const real = useLocalServer()
  const seen: string[] = []
  const handlers: Handler[] = [
    http.get('https://api.example.test/users/:id', ({ params }) => HttpResponse.json({ id: params.id })),
    http.post('https://api.example.test/users', async ({ request }) => HttpResponse.json(await request.json(), { status: 201 })),
    http.get('/api/session', ({ cookies }) => HttpResponse.json({ ...cookies })),
    http.get('https://api.example.test/cookies', ({ cookies }) => HttpResponse.json({ ...cookies })),
    http.get('https://api.example.test/down', () => HttpResponse.error()),
    http.get('*/through', () => passthrough()),
  ]
  const runtime = createRuntime({ store: createAsyncScopeStore(new HandlerScope(handlers)), sources: [xhrSource()], readCookies: documentCookies })
  runtime.emitter.on('request:start', ({ request }) => void seen.push(`${request.method} ${request.url}`))

  beforeAll(() => runtime.start({ onUnhandledRequest: 'error' }))
  afterEach(() => {
    seen.length = 0
  })
  afterAll(() => runtime.stop())

  describe(`XMLHttpRequest under ${environment}`, () => {
    it('axios answers a cross-origin request without CORS headers (no "Network Error")', async () => {
      const reply = await axios.get('https://api.example.test/users/5')
      expect([reply.status, reply.data]).toEqual([200, { id: '5' }])
    })

    it('a cross-origin POST with a JSON content type sends no preflight', async () => {
      const reply = await xhr('POST', 'https://api.example.test/users', { body: JSON.stringify({ name: 'Ada' }), headers: { 'content-type': 'application/json' } })
      expect([reply.status, reply.statusText, JSON.parse(reply.body)]).toEqual([201, 'Created', { name: 'Ada' }])
      expect(seen).toEqual(['POST https://api.example.test/users'])
    })

    it('a same-origin XHR carries document.cookie into cookies; a cross-origin one only withCredentials', async () => {
      document.cookie = 'theme=dark'
      try {
        expect(JSON.parse((await xhr('GET', '/api/session')).body)).toEqual({ theme: 'dark' })
        expect(JSON.parse((await xhr('GET', 'https://api.example.test/cookies')).body)).toEqual({})
        expect(JSON.parse((await xhr('GET', 'https://api.example.test/cookies', { withCredentials: true })).body)).toEqual({ theme: 'dark' })
      } finally {
        document.cookie = 'theme=; expires=Thu, 01 Jan 1970 00:00:00 GMT'
      }
    })

    it('HttpResponse.error() fails the XHR with an error event', async () => {
      await expect(xhr('GET', 'https://api.example.test/down')).rejects.toThrow('failed')
    })

    it('passthrough() answers with the real server’s response', async () => {
      const reply = await xhr('GET', `${real.origin}/through`)
      expect([reply.status, reply.body]).toEqual([200, 'real GET /through'])
    })
  })
}
