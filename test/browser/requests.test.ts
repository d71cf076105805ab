import { describe, expect, it } from 'vitest'
import { browserSuite } from './harness.js'

// The same fetch and XMLHttpRequest cases through the Service Worker and
// through the in-page fallback (forced with `interception: 'in-page'`).
describe.each(['service-worker', 'in-page'] as const)('%s mode', (mode) => {
  const suite = browserSuite()

  async function start(): Promise<void> {
    const started = await suite.page.evaluate(async (interception) => {
      const { setupWorker, http, HttpResponse, passthrough, bypass } = window.mocklib
      window.worker = setupWorker(
        http.get('/api/posts/:id', ({ params }) => HttpResponse.json({ id: params.id, title: 'Mocked' })),
        http.post('/api/posts', async ({ request }) => HttpResponse.json({ created: await request.json() }, { status: 201 })),
        http.get('/api/flaky', () => HttpResponse.error()),
        http.get('/real/passthrough', () => passthrough()),
        http.get('/real/patched', async ({ request }) => {
          const real = (await (await fetch(bypass(request))).json()) as Record<string, unknown>
          return HttpResponse.json({ ...real, patched: true })
        }),
      )
      return (await window.worker.start({ interception, onUnhandledRequest: 'bypass', quiet: true })).mode
    }, mode)
    expect(started).toBe(mode)
  }

  it('answers fetch from the handlers (GET with params, POST with a JSON body)', async () => {
    await start()
    const result = await suite.page.evaluate(async () => {
      const get = await fetch('/api/posts/42')
      const post = await fetch('/api/posts', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ title: 'Hi' }) })
      return { get: await get.json(), getType: get.headers.get('content-type'), status: post.status, post: await post.json() }
    })
    expect(result).toEqual({ get: { id: '42', title: 'Mocked' }, getType: 'application/json', status: 201, post: { created: { title: 'Hi' } } })
    expect(suite.server.hits).toEqual([])
  })

  it('answers XMLHttpRequest from the handlers', async () => {
    await start()
    const result = await suite.page.evaluate(async () => {
      const xhr = (method: string, url: string, body?: string) =>
        new Promise<{ status: number; text: string }>((resolve, reject) => {
          const request = new XMLHttpRequest()
          request.open(method, url)
          request.setRequestHeader('content-type', 'application/json')
          request.onload = () => resolve({ status: request.status, text: request.responseText })
          request.onerror = () => reject(new Error('xhr failed'))
          request.send(body)
        })
      return [await xhr('GET', '/api/posts/7'), await xhr('POST', '/api/posts', JSON.stringify({ title: 'X' }))]
    })
    expect(result[0]).toEqual({ status: 200, text: JSON.stringify({ id: '7', title: 'Mocked' }) })
    expect(result[1]!.status).toBe(201)
    expect(JSON.parse(result[1]!.text)).toEqual({ created: { title: 'X' } })
    expect(suite.server.hits).toEqual([])
  })

  it('lets unmatched requests through to the real server (fetch and XHR)', async () => {
    await start()
    const result = await suite.page.evaluate(async () => {
      const viaFetch = await (await fetch('/real/a', { method: 'POST', body: 'hello' })).json()
      const viaXhr = await new Promise<string>((resolve) => {
        const request = new XMLHttpRequest()
        request.open('GET', '/real/b')
        request.onload = () => resolve(request.responseText)
        request.send()
      })
      return { viaFetch, viaXhr: JSON.parse(viaXhr) as unknown }
    })
    expect(result.viaFetch).toMatchObject({ source: 'network', method: 'POST', body: 'hello' })
    expect(result.viaXhr).toMatchObject({ source: 'network', method: 'GET' })
    expect(suite.server.hits).toEqual(['POST /real/a', 'GET /real/b'])
  })

  it('passthrough() sends the request to the network; bypass() lets a resolver patch the real response', async () => {
    await start()
    const result = await suite.page.evaluate(async () => ({
      passthrough: await (await fetch('/real/passthrough')).json(),
      patched: await (await fetch('/real/patched')).json(),
    }))
    expect(result.passthrough).toMatchObject({ source: 'network' })
    expect(result.patched).toMatchObject({ source: 'network', patched: true, bypassHeader: null })
    expect(suite.server.hits).toEqual(['GET /real/passthrough', 'GET /real/patched'])
  })

  it('HttpResponse.error() makes fetch reject and XHR fail', async () => {
    await start()
    const result = await suite.page.evaluate(async () => {
      const fetchError = await fetch('/api/flaky').then(
        () => 'resolved',
        (error: unknown) => (error instanceof TypeError ? 'TypeError' : String(error)),
      )
      const xhrError = await new Promise<string>((resolve) => {
        const request = new XMLHttpRequest()
        request.open('GET', '/api/flaky')
        request.onload = () => resolve('loaded')
        request.onerror = () => resolve('error')
        request.send()
      })
      return { fetchError, xhrError }
    })
    expect(result).toEqual({ fetchError: 'TypeError', xhrError: 'error' })
  })
})
