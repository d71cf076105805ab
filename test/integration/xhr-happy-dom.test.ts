// @vitest-environment happy-dom
// XMLHttpRequest and relative URLs in a DOM-like environment (happy-dom).
import { http, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'

interface XhrReply {
  status: number
  body: string
  contentType: string | null
}

function xhr(method: string, url: string, body?: string): Promise<XhrReply> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest()
    request.open(method, url)
    request.setRequestHeader('content-type', 'application/json')
    request.onload = () =>
      resolve({ status: request.status, body: request.responseText, contentType: request.getResponseHeader('content-type') })
    request.onerror = () => reject(new Error(`XHR ${method} ${url} failed`))
    request.send(body ?? null)
  })
}

const posts = [{ id: '1', title: 'First' }]
const server = setupServer(
  http.get('/api/posts', () => HttpResponse.json(posts)),
  http.post('/api/posts', async ({ request }) => HttpResponse.json(await request.json(), { status: 201 })),
  http.delete('/api/posts/:id', ({ params }) =>
    params.id === '1' ? HttpResponse.json(posts[0]) : new HttpResponse(null, { status: 404 }),
  ),
  http.get('/api/down', () => HttpResponse.error()),
  http.get('https://other.example.test/elsewhere', () => HttpResponse.text('elsewhere')),
)

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

describe('XMLHttpRequest in happy-dom', () => {
  it('runs on a page origin', () => {
    expect(location.origin).toMatch(/^http:\/\/localhost/)
  })

  it('GET with a relative URL answers the mocked JSON', async () => {
    const reply = await xhr('GET', '/api/posts')
    expect(reply.status).toBe(200)
    expect(reply.contentType).toBe('application/json')
    expect(JSON.parse(reply.body)).toEqual(posts)
  })

  it('POST sends its body to the resolver (201)', async () => {
    const reply = await xhr('POST', '/api/posts', JSON.stringify({ id: '2', title: 'Second' }))
    expect(reply.status).toBe(201)
    expect(JSON.parse(reply.body)).toEqual({ id: '2', title: 'Second' })
  })

  it('DELETE answers 200, or 404 with an empty body', async () => {
    expect((await xhr('DELETE', '/api/posts/1')).status).toBe(200)
    const missing = await xhr('DELETE', '/api/posts/9')
    expect([missing.status, missing.body]).toEqual([404, ''])
  })

  it('HttpResponse.error() fires the error event', async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      await expect(xhr('GET', '/api/down')).rejects.toThrow(/failed/)
    } finally {
      quiet.mockRestore()
    }
  })

  it('uses overrides', async () => {
    server.use(http.get('/api/posts', () => HttpResponse.json([])))
    expect(JSON.parse((await xhr('GET', '/api/posts')).body)).toEqual([])
  })

  it('a host-less path matches the page origin only', async () => {
    // happy-dom's fetch does CORS for other origins; the handler-side match is what matters here.
    const response = await fetch(`${location.origin}/api/posts`)
    expect(await response.json()).toEqual(posts)
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      await expect(fetch('https://other.example.test/api/posts')).rejects.toThrow()
      // happy-dom may send a CORS preflight first.
      expect(String(quiet.mock.calls[0]?.[0])).toMatch(/(GET|OPTIONS) https:\/\/other\.example\.test\/api\/posts/)
    } finally {
      quiet.mockRestore()
    }
  })
})

describe('fetch with relative URLs in happy-dom', () => {
  it('resolves against location', async () => {
    const response = await fetch('/api/posts')
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual(posts)
  })
})
