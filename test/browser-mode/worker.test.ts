import { http, HttpResponse } from 'mocklib'
import { describe, expect } from 'vitest'
import { test } from './worker-fixture.js'

// Runs inside Chromium (vitest.browser-mode.config.ts): the requests below are the
// page's own fetch and XMLHttpRequest, answered by a real Service Worker.

/** What the dev server's real `/real/*` endpoint received since the last call. */
async function realHits(): Promise<Array<{ method: string; path: string }>> {
  return (await fetch('/real-hits')).json()
}

function xhr(method: string, url: string, body?: string): Promise<{ status: number; text: string; type: string | null }> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest()
    request.open(method, url)
    request.setRequestHeader('content-type', 'application/json')
    request.onload = () => resolve({ status: request.status, text: request.responseText, type: request.getResponseHeader('content-type') })
    request.onerror = () => reject(new Error(`XMLHttpRequest ${method} ${url} failed`))
    request.send(body)
  })
}

describe('setupWorker in Vitest browser mode', () => {
  test('runs in a browser page, mocked by a Service Worker', async () => {
    expect(typeof window).toBe('object')
    const registration = await navigator.serviceWorker.getRegistration('/')
    expect(registration?.active?.scriptURL).toBe(`${location.origin}/mocklib-worker.js`)
  })

  test('answers fetch from the handlers (GET with params, POST with a JSON body)', async () => {
    await realHits()
    const get = await fetch('/api/posts/42')
    const post = await fetch('/api/posts', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ title: 'Hi' }) })
    expect(get.status).toBe(200)
    expect(get.headers.get('content-type')).toBe('application/json')
    expect(await get.json()).toEqual({ id: '42', title: 'Mocked' })
    expect(post.status).toBe(201)
    expect(await post.json()).toEqual({ created: { title: 'Hi' } })
  })

  test('answers XMLHttpRequest from the handlers', async () => {
    expect(await xhr('GET', '/api/posts/7')).toEqual({ status: 200, text: JSON.stringify({ id: '7', title: 'Mocked' }), type: 'application/json' })
    const created = await xhr('POST', '/api/posts', JSON.stringify({ title: 'X' }))
    expect(created.status).toBe(201)
    expect(JSON.parse(created.text)).toEqual({ created: { title: 'X' } })
  })

  test('worker.use overrides a handler for one test; resetHandlers brings the original back', async ({ worker }) => {
    worker.use(http.get('/api/posts/:id', () => HttpResponse.json({ title: 'Overridden' }, { status: 203 })))
    const overridden = await fetch('/api/posts/1')
    expect(overridden.status).toBe(203)
    expect(await overridden.json()).toEqual({ title: 'Overridden' })

    worker.resetHandlers()
    expect(await (await fetch('/api/posts/1')).json()).toEqual({ id: '1', title: 'Mocked' })
  })

  test('an override made in one test (left in place on purpose)...', async ({ worker }) => {
    worker.use(http.get('/api/posts/:id', () => HttpResponse.json({ title: 'Leaks?' })))
    expect(await (await fetch('/api/posts/3')).json()).toEqual({ title: 'Leaks?' })
  })

  test('...is gone in the next test: the fixture resets handlers after each test', async () => {
    expect(await (await fetch('/api/posts/3')).json()).toEqual({ id: '3', title: 'Mocked' })
  })

  test('answers a GraphQL query', async () => {
    const response = await fetch('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'query GetUser($id: ID!) { user(id: $id) { id name } }', variables: { id: 'u1' } }),
    })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ data: { user: { id: 'u1', name: 'Ada' } } })
  })

  test('passthrough() lets fetch and XMLHttpRequest reach the real dev server', async () => {
    await realHits()
    const viaFetch = await fetch('/real/passthrough/fetch', { method: 'POST', body: 'ping' })
    expect(viaFetch.headers.get('x-real')).toBe('yes')
    expect(await viaFetch.json()).toEqual({ source: 'network', method: 'POST', path: '/real/passthrough/fetch', body: 'ping' })

    const viaXhr = await xhr('GET', '/real/passthrough/xhr')
    expect(JSON.parse(viaXhr.text)).toMatchObject({ source: 'network', path: '/real/passthrough/xhr' })

    // Mocked requests never reach the network; the two above did.
    await fetch('/api/posts/5')
    expect(await realHits()).toEqual([
      { method: 'POST', path: '/real/passthrough/fetch' },
      { method: 'GET', path: '/real/passthrough/xhr' },
    ])
  })

  test("under onUnhandledRequest 'error' an unhandled request fails in the page and never reaches the network", async ({ worker }) => {
    await realHits()
    const unhandled: string[] = []
    // Only the test's own requests: a module the page loads lazily meanwhile (Vite serves src/ as
    // files, e.g. a mocklib part loaded on first use) is a static asset, reported unhandled as msw does.
    const onUnhandled = ({ request }: { request: Request }) => {
      const path = new URL(request.url).pathname
      if (path.startsWith('/real/')) unhandled.push(`${request.method} ${path}`)
    }
    worker.events.on('request:unhandled', onUnhandled)
    try {
      await expect(fetch('/real/unhandled')).rejects.toThrow(TypeError)
      await expect(xhr('POST', '/real/unhandled-xhr', '{}')).rejects.toThrow('XMLHttpRequest POST /real/unhandled-xhr failed')
    } finally {
      worker.events.removeListener('request:unhandled', onUnhandled)
    }
    expect(unhandled).toEqual(['GET /real/unhandled', 'POST /real/unhandled-xhr'])
    expect(await realHits()).toEqual([])
  })

  test('a handler added with worker.use can answer a path the real server also serves', async ({ worker }) => {
    worker.use(http.get('/real/unhandled', () => HttpResponse.text('mocked now')))
    expect(await (await fetch('/real/unhandled')).text()).toBe('mocked now')
    expect(await realHits()).toEqual([])
  })
})
