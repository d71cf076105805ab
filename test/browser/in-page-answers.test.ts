import type { ServerResponse } from 'node:http'
import { gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { browserSuite, type Route } from './harness.js'

// In-page mode answers the page's fetch with the handler's Response, as it is
// (mocklib's own fetch, src/kernel/browser/page-fetch.ts): no copy of it, no
// stream made of a body that is still a string. These tests hold the in-page
// answer to what a real server's looks like (reads, clones, redirects,
// encoded bodies, aborts), and the passthrough reports to still arrive.

const GREETING = 'héllo, gzip ✓ '.repeat(50)

const routes: Record<string, Route> = {
  '/real/user': (_request, response: ServerResponse) => {
    response.setHeader('content-type', 'application/json')
    response.end(JSON.stringify({ id: 'real', name: 'Ada' }))
  },
  '/real/redirect': (_request, response: ServerResponse) => {
    response.statusCode = 302
    response.setHeader('location', '/real/user')
    response.end()
  },
  '/real/gzip': (_request, response: ServerResponse) => {
    response.setHeader('content-type', 'text/plain;charset=UTF-8')
    response.setHeader('content-encoding', 'gzip')
    response.end(gzipSync(GREETING))
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
    // Counts the streams page code builds (a copy of the answer through @mswjs/interceptors' tee builds two; Fetch's own bodies are not built through the global).
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

  it('builds no Request for a plain fetch(url) unless something reads it, and then the one fetch would have made', async () => {
    // Counts the Requests page code builds: building one cost more than the rest of a small mocked answer.
    const seen = await suite.page.evaluate(async () => {
      const { setupWorker, http, HttpResponse } = window.mocklib
      const read: string[] = []
      window.worker = setupWorker(
        http.get('/mock/user/:id', ({ params }) => HttpResponse.json({ id: params.id })),
        http.get('/mock/reads/:id', ({ request }) => {
          read.push(`${request.method} ${request.url} ${[...request.headers].length} ${request.signal.aborted} ${request.redirect}`)
          return HttpResponse.json({ id: 'read' })
        }),
      )
      await window.worker.start({ interception: 'in-page', onUnhandledRequest: 'bypass', quiet: true })
      const NativeRequest = Request
      let count = 0
      window.Request = class extends NativeRequest {
        constructor(...args: ConstructorParameters<typeof Request>) {
          super(...args)
          count++
        }
      } as typeof Request
      const answers: unknown[] = []
      const urls: string[] = []
      for (const input of ['/mock/user/1', `${location.origin}/mock/user/2?q=1`, new URL('/mock/user/3', location.href)]) {
        const response = await fetch(input)
        urls.push(response.url.slice(location.origin.length))
        answers.push(await response.json())
      }
      const unread = count
      const reading = await fetch('/mock/reads/1?q=2')
      const credentials = await fetch(`http://user:secret@${location.host}/mock/user/4`).then(
        () => 'delivered',
        (error: Error) => error.name,
      )
      window.Request = NativeRequest
      return { answers, urls, unread, read, readingUrl: reading.url.slice(location.origin.length), credentials, origin: location.origin }
    })
    expect(seen).toEqual({
      answers: [{ id: '1' }, { id: '2' }, { id: '3' }],
      urls: ['/mock/user/1', '/mock/user/2?q=1', '/mock/user/3'],
      unread: 0,
      read: [`GET ${seen.origin}/mock/reads/1?q=2 0 false follow`],
      readingUrl: '/mock/reads/1?q=2',
      origin: seen.origin,
      // As the page's own fetch: a URL with credentials is refused before any handler sees it.
      credentials: 'TypeError',
    })
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

  it('follows a mocked redirect as fetch follows a real one, and refuses it under redirect: error', async () => {
    const seen = await suite.page.evaluate(async () => {
      const { setupWorker, http, HttpResponse } = window.mocklib
      window.worker = setupWorker(http.get('/mock/redirect', () => new HttpResponse(null, { status: 302, headers: { location: '/real/user' } })))
      await window.worker.start({ interception: 'in-page', onUnhandledRequest: 'bypass', quiet: true })
      const followed = async (path: string) => {
        const response = await fetch(path)
        return { status: response.status, redirected: response.redirected, url: new URL(response.url).pathname, body: await response.json() }
      }
      const refused = (path: string) =>
        fetch(path, { redirect: 'error' }).then(
          () => 'delivered',
          (error: Error) => error.name,
        )
      return {
        mocked: await followed('/mock/redirect'),
        real: await followed('/real/redirect'),
        refused: { mocked: await refused('/mock/redirect'), real: await refused('/real/redirect') },
      }
    })
    expect(seen.mocked).toEqual(seen.real)
    expect(seen.mocked).toEqual({ status: 200, redirected: true, url: '/real/user', body: { id: 'real', name: 'Ada' } })
    expect(seen.refused).toEqual({ mocked: 'TypeError', real: 'TypeError' })
  })

  it('decodes a mocked gzip body as the browser decodes a real one', async () => {
    const gzipped = [...gzipSync(GREETING)]
    const seen = await suite.page.evaluate(async (bytes) => {
      const { setupWorker, http, HttpResponse } = window.mocklib
      window.worker = setupWorker(
        http.get('/mock/gzip', () => new HttpResponse(new Uint8Array(bytes), { headers: { 'content-type': 'text/plain;charset=UTF-8', 'content-encoding': 'gzip' } })),
      )
      await window.worker.start({ interception: 'in-page', onUnhandledRequest: 'bypass', quiet: true })
      const read = async (path: string) => {
        const response = await fetch(path)
        return { encoding: response.headers.get('content-encoding'), text: await response.text() }
      }
      return { mocked: await read('/mock/gzip'), real: await read('/real/gzip') }
    }, gzipped)
    expect(seen.mocked).toEqual(seen.real)
    expect(seen.mocked.text).toBe(GREETING)
  })

  it('an aborted fetch rejects with the signal reason, before or while the handler runs; the handler answer is dropped', async () => {
    const seen = await suite.page.evaluate(async () => {
      const { setupWorker, http, HttpResponse, delay } = window.mocklib
      const calls: string[] = []
      window.worker = setupWorker(
        http.get('/mock/slow', async () => {
          calls.push('slow')
          await delay(200)
          return HttpResponse.json({ late: true })
        }),
      )
      await window.worker.start({ interception: 'in-page', onUnhandledRequest: 'bypass', quiet: true })
      const outcome = (promise: Promise<Response>) =>
        promise.then(
          () => 'delivered',
          (error: unknown) => (error instanceof Error ? error.name : String(error)),
        )
      const early = new AbortController()
      const before = fetch('/mock/slow', { signal: early.signal })
      early.abort()
      const beforeOutcome = await outcome(before)
      const callsBefore = calls.length
      const late = new AbortController()
      const during = fetch('/mock/slow', { signal: late.signal })
      setTimeout(() => late.abort('gave up'), 50)
      const duringOutcome = await outcome(during)
      await delay(300)
      return { beforeOutcome, callsBefore, duringOutcome, calls }
    })
    expect(seen).toEqual({ beforeOutcome: 'AbortError', callsBefore: 0, duringOutcome: 'gave up', calls: ['slow'] })
    expect(suite.browser.console.filter((line) => line.startsWith('error:'))).toEqual([])
  })

  it('a passthrough the network fails rejects as fetch does; stop() gives the page its own fetch back', async () => {
    const seen = await suite.page.evaluate(async () => {
      const { setupWorker } = window.mocklib
      const original = window.fetch
      window.worker = setupWorker()
      await window.worker.start({ interception: 'in-page', onUnhandledRequest: 'bypass', quiet: true })
      const patched = window.fetch !== original
      // Port 9 (discard) on 127.0.0.1: nothing listens there.
      const failed = await fetch('http://127.0.0.1:9/').then(
        () => 'delivered',
        (error: Error) => error.name,
      )
      await window.worker.stop()
      return { patched, failed, restored: window.fetch === original }
    })
    expect(seen).toEqual({ patched: true, failed: 'TypeError', restored: true })
  })
})
