/**
 * Issue 25.6 under a DOM environment: a header value outside ASCII reaches
 * XMLHttpRequest as a real 127.0.0.1 server's bytes reach it, for a mocked,
 * a streamed, a passed-through and a HAR-replayed answer. Each test file runs
 * it under its own `@vitest-environment` (jsdom, happy-dom).
 */
import { fromHar, http, HttpResponse, passthrough } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useLocalServer } from './harness.js'

const WORD = 'café'
const CORS = { 'access-control-allow-origin': '*', 'access-control-expose-headers': 'x-word' }

/** The header `x-word` and the body of a GET through XMLHttpRequest. */
function xhrGet(url: string): Promise<{ word: string | null; body: string }> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest()
    request.open('GET', url)
    request.onload = () => resolve({ word: request.getResponseHeader('x-word'), body: request.responseText })
    request.onerror = () => reject(new Error(`XHR GET ${url} failed`))
    request.send()
  })
}

/** jsdom's Blob has no `stream()`. */
function streamOf(text: string): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(text))
      controller.close()
    },
  })
}

/**
 * Registers the suite in the calling test file.
 *
 * @example
 * // @vitest-environment jsdom
 * xhrHeaderBytesSuite('jsdom')
 */
export function xhrHeaderBytesSuite(environment: string): void {
  const real = useLocalServer((request, response) => {
    for (const [name, value] of Object.entries(CORS)) response.setHeader(name, value)
    response.setHeader('x-word', WORD)
    response.setHeader('content-type', 'text/plain')
    // A Buffer body: Node sends the headers on their own, as latin1 (0xE9 for é).
    response.end(Buffer.from(`real ${request.url}`))
  })

  let reference: string | null = null
  const MOCKED = 'http://mocked.example.test'
  const headers = { ...CORS, 'x-word': WORD }
  const server = setupServer(
    http.get(`${MOCKED}/word`, () => HttpResponse.text('mocked', { headers })),
    http.get(`${MOCKED}/stream`, () => new HttpResponse(streamOf('mocked'), { headers })),
    http.get('*/through', () => passthrough()),
  )
  beforeAll(async () => {
    reference = (await xhrGet(`${real.origin}/reference`)).word
    server.listen({ onUnhandledRequest: 'error' })
  })
  afterAll(() => server.close())

  describe(`XMLHttpRequest in ${environment}: a header value "${WORD}"`, () => {
    it('the reference: what XMLHttpRequest reads from the real server', () => {
      expect(reference).toBe(WORD)
    })

    for (const path of ['word', 'stream']) {
      it(`mocked (/${path})`, async () => {
        expect((await xhrGet(`${MOCKED}/${path}`)).word).toBe(reference)
      })
    }

    it('passed through', async () => {
      const hits = real.received.length
      const reply = await xhrGet(`${real.origin}/through`)
      expect(reply.body).toBe('real /through')
      expect(reply.word).toBe(reference)
      expect(real.received.length).toBe(hits + 1)
    })

    it('recorded, then replayed from the HAR', async () => {
      const recording = server.record()
      await xhrGet(`${real.origin}/through`)
      await recording.settled()
      const har = recording.stop()
      expect(har.log.entries).toHaveLength(1)
      const replaying = setupServer(...fromHar(har))
      server.close()
      replaying.listen({ onUnhandledRequest: 'error' })
      const hits = real.received.length
      try {
        expect((await xhrGet(`${real.origin}/through`)).word).toBe(reference)
      } finally {
        replaying.close()
        server.listen({ onUnhandledRequest: 'error' })
      }
      expect(real.received.length, 'the replay reached the real server').toBe(hits)
    })
  })
}
