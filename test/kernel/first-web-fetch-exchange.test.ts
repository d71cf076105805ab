// Issue 23 item 6, Node's cold start: in Bun and Deno, what a fetch call becomes for the handlers
// (web-fetch-exchange.ts: redirects, decoding, abort) is loaded by the first call, not with mocklib/node.
// Run here under Node with Node's own fetch as the runtime's (as web-fetch-source.test.ts does; test/runtimes/
// runs the built package in Bun and Deno themselves). Each test loads the source afresh (vi.resetModules), so
// the call it makes right after patching, in the same tick, is the one that loads the code; the same call
// follows with the code loaded, and both must end alike, down to what the sink saw.
import { createServer, type Server } from 'node:http'
import { gzipSync } from 'node:zlib'
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest'
import type { HttpExchange } from '../../src/kernel/contracts.js'

const MOCKED = 'http://mocked.test'

let server: Server
let origin = ''
beforeAll(async () => {
  server = createServer((request, response) => response.end(`real ${request.method} ${request.url}`))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

let restore: (() => void) | undefined
afterEach(() => {
  restore?.()
  restore = undefined
})

/** Patches fetch with a freshly loaded source whose sink answers MOCKED (a redirect, a gzip body, an echo) and passes the rest through. */
async function patchFresh() {
  vi.resetModules()
  const { patchWebFetch } = await import('../../src/kernel/web-runtimes/fetch-source.js')
  const seen: string[] = []
  const sink = async (exchange: HttpExchange) => {
    const url = new URL(exchange.request.url)
    seen.push(`${exchange.request.method} ${url.pathname}`)
    if (url.origin !== MOCKED) return void exchange.passthrough()
    // A handler that never answers: only the client's abort ends the call.
    if (url.pathname === '/hang') return
    if (url.pathname === '/moved') return exchange.respondWith(new Response(null, { status: 307, headers: { location: '/echo' } }))
    if (url.pathname === '/gzip') return exchange.respondWith(new Response(gzipSync('unzipped'), { headers: { 'content-encoding': 'gzip' } }))
    exchange.respondWith(new Response(`${exchange.request.method} ${url.pathname} ${await exchange.request.text()}`))
  }
  restore = patchWebFetch(sink)
  return seen
}

async function outcome(url: string, init?: RequestInit) {
  try {
    const response = await fetch(url, init)
    return { status: response.status, redirected: response.redirected, body: await response.text() }
  } catch (error) {
    return { rejected: String((error as Error).message ?? error) }
  }
}

it('the first fetch, made in the tick of the patch, follows a mocked redirect and decodes gzip like the next', async () => {
  const seen = await patchFresh()
  const calls = async () => [await outcome(`${MOCKED}/moved`, { method: 'POST', body: 'kept' }), await outcome(`${MOCKED}/gzip`)]
  const first = await calls()
  expect(first).toEqual([
    { status: 200, redirected: true, body: 'POST /echo kept' },
    { status: 200, redirected: false, body: 'unzipped' },
  ])
  expect(await calls()).toEqual(first)
  expect(seen).toEqual(['POST /moved', 'POST /echo', 'GET /gzip', 'POST /moved', 'POST /echo', 'GET /gzip'])
})

it('concurrent first fetches are each answered', async () => {
  await patchFresh()
  const outcomes = await Promise.all(['a', 'b', 'c'].map((body) => outcome(`${MOCKED}/echo`, { method: 'PUT', body })))
  expect(outcomes).toEqual(['a', 'b', 'c'].map((body) => ({ status: 200, redirected: false, body: `PUT /echo ${body}` })))
})

it('the first passthrough reaches the real 127.0.0.1 server like the next', async () => {
  await patchFresh()
  const first = await outcome(`${origin}/through`)
  expect(first).toEqual({ status: 200, redirected: false, body: 'real GET /through' })
  expect(await outcome(`${origin}/through`)).toEqual(first)
})

it('the first fetch aborted in the tick of the call rejects with the reason, and reaches the sink, like the next', async () => {
  const seen = await patchFresh()
  const aborted = () => {
    const controller = new AbortController()
    const call = outcome(`${MOCKED}/hang`, { signal: controller.signal })
    controller.abort(new Error('stopped by the caller'))
    return call
  }
  const first = await aborted()
  expect(first).toEqual({ rejected: 'stopped by the caller' })
  expect(await aborted()).toEqual(first)
  await vi.waitFor(() => expect(seen).toEqual(['GET /hang', 'GET /hang']))
})
