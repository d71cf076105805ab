import type { ServerResponse } from 'node:http'
import { describe, expect, it } from 'vitest'
import { browserSuite, type Route } from './harness.js'

// The page and the worker talk over the page's link (a MessagePort handed over
// with `activate`); mocked bodies built from a string travel as the string and
// the worker answers with a stream. These tests hold what the page sees to
// what a real server sends, and check that requests use the link, also after
// the browser restarted the worker (which loses it).

const UNICODE = 'héllo ✓ 日本 🎉'
const LARGE = 'abcdefghij'.repeat(100_000)
const BYTES = [0, 1, 2, 127, 128, 254, 255]

/** One answer, as a real server writes it. */
const real =
  (status: number, headers: Record<string, string | string[]>, body?: string | Buffer, statusMessage?: string): Route =>
  (_request, response: ServerResponse) => {
    response.statusCode = status
    if (statusMessage) response.statusMessage = statusMessage
    for (const [name, value] of Object.entries(headers)) response.setHeader(name, value)
    response.end(body)
  }

const CASES = ['unicode', 'json', 'empty', 'plain', 'no-content', 'bytes', 'repeated-header', 'teapot', 'large'] as const

const routes: Record<string, Route> = {
  '/real/unicode': real(200, { 'content-type': 'text/plain' }, UNICODE),
  '/real/json': real(200, { 'content-type': 'application/json' }, JSON.stringify({ name: 'Zoë', tags: ['ü', '✓'] })),
  '/real/empty': real(200, { 'content-type': 'text/plain' }, ''),
  '/real/plain': real(200, { 'content-type': 'text/plain;charset=UTF-8' }, 'plain'),
  '/real/no-content': real(204, {}, undefined, 'Nothing'),
  '/real/bytes': real(200, { 'content-type': 'application/octet-stream' }, Buffer.from(BYTES)),
  '/real/repeated-header': real(200, { 'content-type': 'text/plain', 'x-multi': ['a', 'b'] }, 'two'),
  '/real/teapot': real(418, { 'content-type': 'text/plain' }, 'short and stout', "I'm a teapot"),
  '/real/large': real(200, { 'content-type': 'text/plain' }, LARGE),
}

describe.each(['service-worker', 'in-page'] as const)('%s mode', (mode) => {
  const suite = browserSuite(undefined, routes)

  it('a mocked answer reaches fetch as the same answer from a real server does (status, headers, body bytes)', async () => {
    const seen = await suite.page.evaluate(
      async ({ interception, cases, unicode, large, bytes }) => {
        const { setupWorker, http, HttpResponse } = window.mocklib
        const answers: Record<string, () => Response> = {
          unicode: () => HttpResponse.text(unicode),
          json: () => HttpResponse.json({ name: 'Zoë', tags: ['ü', '✓'] }),
          empty: () => HttpResponse.text(''),
          plain: () => new Response('plain', { statusText: 'OK' }),
          'no-content': () => new Response(null, { status: 204, statusText: 'Nothing' }),
          bytes: () => new Response(new Uint8Array(bytes), { statusText: 'OK', headers: { 'content-type': 'application/octet-stream' } }),
          'repeated-header': () =>
            HttpResponse.text('two', {
              headers: [
                ['x-multi', 'a'],
                ['x-multi', 'b'],
              ],
            }),
          teapot: () => HttpResponse.text('short and stout', { status: 418, statusText: "I'm a teapot" }),
          large: () => HttpResponse.text(large),
        }
        window.worker = setupWorker(http.get('/mock/:case', ({ params }) => answers[params.case as string]!()))
        await window.worker.start({ interception, onUnhandledRequest: 'bypass', quiet: true })
        const read = async (url: string) => {
          const response = await fetch(url)
          const body = [...new Uint8Array(await response.arrayBuffer())]
          return {
            status: response.status,
            statusText: response.statusText,
            contentType: response.headers.get('content-type'),
            multi: response.headers.get('x-multi'),
            length: body.length,
            // Whole bodies compared as text would make failures unreadable for the large one.
            head: body.slice(0, 64),
            sum: body.reduce((total, byte, index) => (total + byte * (index + 1)) % 1_000_000_007, 0),
          }
        }
        const result: Record<string, { mocked: unknown; real: unknown }> = {}
        for (const name of cases) result[name] = { mocked: await read(`/mock/${name}`), real: await read(`/real/${name}`) }
        return result
      },
      { interception: mode, cases: [...CASES], unicode: UNICODE, large: LARGE, bytes: BYTES },
    )
    for (const name of CASES) expect({ name, ...seen[name]!.mocked as object }).toEqual({ name, ...seen[name]!.real as object })
    expect(seen.large!.mocked).toMatchObject({ length: LARGE.length })
    expect(seen.bytes!.mocked).toMatchObject({ head: BYTES })
    expect(suite.server.hits.filter((hit) => hit.startsWith('GET /mock/'))).toEqual([])
  })
})

describe('the page link', () => {
  const suite = browserSuite()

  /** Starts mocking and counts the requests the worker sends as client messages (the path without a link). */
  async function start(): Promise<void> {
    await suite.page.evaluate(async () => {
      const { setupWorker, http, HttpResponse } = window.mocklib
      window.log = []
      navigator.serviceWorker.addEventListener('message', (event: MessageEvent<{ type?: string } | null>) => {
        if (event.data?.type === 'mocklib:request') window.log.push('client message')
      })
      window.worker = setupWorker(
        http.get('/api/user/:id', ({ params }) => HttpResponse.json({ id: params.id })),
        http.post('/api/echo', async ({ request }) => HttpResponse.text(await request.text())),
      )
      await window.worker.start({ quiet: true, onUnhandledRequest: 'bypass' })
    })
  }

  /** Sequential GETs, a POST with a body, and concurrent GETs: what each answered. */
  const exercise = () =>
    suite.page.evaluate(async () => {
      const ids: string[] = []
      for (let i = 0; i < 5; i++) ids.push(((await (await fetch(`/api/user/${i}`)).json()) as { id: string }).id)
      const echoed = await (await fetch('/api/echo', { method: 'POST', body: 'ping ✓' })).text()
      const concurrent = await Promise.all([5, 6, 7].map(async (i) => ((await (await fetch(`/api/user/${i}`)).json()) as { id: string }).id))
      return { ids: [...ids, ...concurrent], echoed }
    })

  const clientMessages = () => suite.page.evaluate(() => window.log.length)

  it('carries every request of an active page: none comes as a client message', async () => {
    await start()
    expect(await exercise()).toEqual({ ids: ['0', '1', '2', '3', '4', '5', '6', '7'], echoed: 'ping ✓' })
    expect(await clientMessages()).toBe(0)
  })

  it('is made again after the browser restarts the worker: the first request comes as a client message, the next ones on the new link', async () => {
    await start()
    const cdp = await suite.browser.context.newCDPSession(suite.page)
    await cdp.send('ServiceWorker.enable')
    await cdp.send('ServiceWorker.stopAllWorkers')
    expect(await suite.page.evaluate(async () => ((await (await fetch('/api/user/first')).json()) as { id: string }).id)).toBe('first')
    expect(await clientMessages()).toBe(1)
    // The page links again on its own; give that message its turn.
    await suite.page.waitForTimeout(100)
    expect(await exercise()).toEqual({ ids: ['0', '1', '2', '3', '4', '5', '6', '7'], echoed: 'ping ✓' })
    expect(await clientMessages()).toBe(1)
    expect(suite.server.hits).toEqual([])
  })

  it('a request still being answered when stop() is called gets its mocked answer; the next one reaches the network', async () => {
    const result = await suite.page.evaluate(async () => {
      const { setupWorker, http, HttpResponse, delay } = window.mocklib
      window.worker = setupWorker(http.get('/real/slow', async () => {
        await delay(300)
        return HttpResponse.json({ source: 'mock' })
      }))
      await window.worker.start({ quiet: true, onUnhandledRequest: 'bypass' })
      const pending = fetch('/real/slow').then((response) => response.json() as Promise<{ source: string }>)
      await new Promise((resolve) => setTimeout(resolve, 50))
      await window.worker.stop()
      const inFlight = (await pending).source
      const after = ((await (await fetch('/real/slow')).json()) as { source: string }).source
      return { inFlight, after }
    })
    expect(result).toEqual({ inFlight: 'mock', after: 'network' })
  })
})
