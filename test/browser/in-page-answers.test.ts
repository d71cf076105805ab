import type { ServerResponse } from 'node:http'
import { describe, expect, it } from 'vitest'
import { browserSuite } from './harness.js'

// In-page mode answers the page's fetch with the handler's Response, as it is:
// the interceptor's 'response' event (which tees every response into a copy
// for its listener) is listened to only while a passthrough's real response
// is awaited. These tests hold the in-page answer to what a real server's
// looks like, and the passthrough reports to still arrive around mocked answers.

const routes = {
  '/real/user': (_request: unknown, response: ServerResponse) => {
    response.setHeader('content-type', 'application/json')
    response.end(JSON.stringify({ id: 'real', name: 'Ada' }))
  },
}

describe('in-page mode', () => {
  const suite = browserSuite(undefined, routes)

  it('answers fetch with a Response that reads, clones and streams as one from a real server', async () => {
    const seen = await suite.page.evaluate(async () => {
      const { setupWorker, http, HttpResponse } = window.mocklib
      window.worker = setupWorker(http.get('/mock/user', () => HttpResponse.json({ id: 'real', name: 'Ada' })))
      await window.worker.start({ interception: 'in-page', onUnhandledRequest: 'bypass', quiet: true })
      const describe = async (path: string) => {
        const response = await fetch(path)
        const before = { ok: response.ok, status: response.status, redirected: response.redirected, bodyUsed: response.bodyUsed, url: new URL(response.url).pathname }
        const copy = response.clone()
        const reader = response.body!.getReader()
        let streamed = ''
        const decoder = new TextDecoder()
        for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) streamed += decoder.decode(chunk.value, { stream: true })
        const again = await response.text().then(
          () => 'read again',
          (error: unknown) => (error as Error).name,
        )
        return { ...before, streamed, copy: await copy.json(), bodyUsedAfter: response.bodyUsed, again, contentType: response.headers.get('content-type') }
      }
      return { mocked: await describe('/mock/user'), real: await describe('/real/user') }
    })
    expect(seen.mocked).toEqual({ ...seen.real, url: '/mock/user' })
    expect(seen.mocked).toMatchObject({ streamed: '{"id":"real","name":"Ada"}', copy: { id: 'real', name: 'Ada' }, bodyUsedAfter: true, again: 'TypeError' })
  })

  it('hands a mocked answer to the page without teeing it into streams nobody reads', async () => {
    // Counts the streams page code builds (the interceptor's tee builds two a response; Fetch's own bodies are not built through the global).
    const built = await suite.page.evaluate(async () => {
      const { setupWorker, http, HttpResponse } = window.mocklib
      window.worker = setupWorker(http.get('/mock/user/:id', ({ params }) => HttpResponse.json({ id: params.id })))
      await window.worker.start({ interception: 'in-page', onUnhandledRequest: 'bypass', quiet: true })
      const NativeStream = ReadableStream
      let count = 0
      window.ReadableStream = class extends NativeStream<unknown> {
        constructor(...args: ConstructorParameters<typeof ReadableStream>) {
          super(...args)
          count++
        }
      } as typeof ReadableStream
      const ids: string[] = []
      for (let i = 0; i < 5; i++) ids.push(((await (await fetch(`/mock/user/${i}`)).json()) as { id: string }).id)
      window.ReadableStream = NativeStream
      return { ids, count }
    })
    expect(built).toEqual({ ids: ['0', '1', '2', '3', '4'], count: 0 })
  })

  it('reports the real response of each passthrough (response:bypass), also while mocked answers are delivered in between', async () => {
    const seen = await suite.page.evaluate(async () => {
      const { setupWorker, http, HttpResponse } = window.mocklib
      window.worker = setupWorker(http.get('/mock/user', () => HttpResponse.json({ id: 'mock' })))
      const bypassed: string[] = []
      window.worker.events.on('response:bypass', ({ request, response }) => {
        void response.json().then((body: { id: string }) => bypassed.push(`${new URL(request.url).pathname} ${body.id}`))
      })
      await window.worker.start({ interception: 'in-page', onUnhandledRequest: 'bypass', quiet: true })
      const read = async (path: string) => ((await (await fetch(path)).json()) as { id: string }).id
      // A passthrough and mocked answers at once, then each alone: the report's listener comes and goes.
      const together = await Promise.all([read('/real/user'), read('/mock/user'), read('/mock/user')])
      const alone = [await read('/mock/user'), await read('/real/user'), await read('/mock/user'), await read('/real/user')]
      const settled = Date.now() + 2000
      while (bypassed.length < 3 && Date.now() < settled) await new Promise((resolve) => setTimeout(resolve, 10))
      return { together, alone, bypassed }
    })
    expect(seen).toEqual({
      together: ['real', 'mock', 'mock'],
      alone: ['mock', 'real', 'mock', 'real'],
      bypassed: ['/real/user real', '/real/user real', '/real/user real'],
    })
    expect(suite.server.hits).toEqual(['GET /real/user', 'GET /real/user', 'GET /real/user'])
  })
})
