// The fetch source of Bun and Deno (src/kernel/web-runtimes), run here under
// Node with Node's own fetch (undici) as the reference: what undici does with a
// real 127.0.0.1 server's answer, the source must do with the same answer
// coming from a sink (redirects per mode, gzip/deflate, HEAD, abort, errors).
// test/runtimes/ runs it in Bun and Deno themselves (npm run test:runtimes).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { deflateSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { HttpExchange } from '../../src/kernel/contracts.js'
import { patchWebFetch } from '../../src/kernel/web-runtimes/fetch-source.js'

const MOCKED = 'http://mocked.test'
const GZIPPED = gzipSync('decoded from gzip')
const DEFLATED = deflateSync('decoded from deflate')

/** One answer for a path, given by the real server and by the sink alike. */
function answerFor(method: string, path: string, body: string, authorization: string | null): { status: number; headers: Record<string, string>; body: Uint8Array | string | null } {
  const redirect = /^\/redirect\/(\d{3})$/.exec(path)
  if (redirect) return { status: Number(redirect[1]), headers: { location: '/target' }, body: null }
  if (path === '/loop') return { status: 302, headers: { location: '/loop' }, body: null }
  if (path === '/no-location') return { status: 302, headers: {}, body: 'a 302 without Location' }
  if (path === '/gzip') return { status: 200, headers: { 'content-type': 'text/plain', 'content-encoding': 'gzip' }, body: GZIPPED }
  if (path === '/deflate') return { status: 200, headers: { 'content-type': 'text/plain', 'content-encoding': 'deflate' }, body: DEFLATED }
  if (path === '/not-found') return { status: 404, headers: { 'content-type': 'text/plain' }, body: 'nothing here' }
  return { status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ method, path, body, authorization }) }
}

let server: Server
let origin = ''
beforeAll(async () => {
  server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const answer = answerFor(request.method!, new URL(request.url!, 'http://x').pathname, Buffer.concat(chunks).toString(), request.headers.authorization ?? null)
      response.writeHead(answer.status, answer.headers)
      response.end(answer.body ?? undefined)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

/** A sink that answers MOCKED requests as the real server would, after `wait` ms, and passes the rest through. */
function mirrorSink(wait = 0) {
  const seen: string[] = []
  const sink = async (exchange: HttpExchange) => {
    const { request } = exchange
    const url = new URL(request.url)
    seen.push(`${request.method} ${url.pathname}`)
    if (url.origin !== MOCKED) return void exchange.passthrough()
    const body = await request.text()
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
    const answer = answerFor(request.method, url.pathname, body, request.headers.get('authorization'))
    exchange.respondWith(new Response(answer.body as BodyInit | null, { status: answer.status, headers: answer.headers }))
  }
  return { sink, seen }
}

async function outcome(fetcher: typeof fetch, url: string, init?: RequestInit) {
  try {
    const response = await fetcher(url, init)
    return { status: response.status, redirected: response.redirected, path: new URL(response.url).pathname, location: response.headers.get('location'), body: await response.text() }
  } catch (error) {
    return { failed: (error as Error).name }
  }
}

describe('the Bun/Deno fetch source against Node’s own fetch', () => {
  const cases: Array<[string, string, RequestInit?]> = [
    ['a 302 followed', '/redirect/302'],
    ['a 301 after a POST (becomes GET)', '/redirect/301', { method: 'POST', body: 'dropped' }],
    ['a 302 after a PUT (keeps PUT)', '/redirect/302', { method: 'PUT', body: 'kept' }],
    ['a 303 after a DELETE (becomes GET)', '/redirect/303', { method: 'DELETE' }],
    ['a 307 after a POST (keeps method and body)', '/redirect/307', { method: 'POST', body: 'kept' }],
    ['a 308 after a PATCH with a Request body', '/redirect/308', { method: 'PATCH', body: new URLSearchParams({ a: '1' }) }],
    ["redirect: 'manual'", '/redirect/301', { redirect: 'manual' }],
    ["redirect: 'error'", '/redirect/307', { redirect: 'error' }],
    ['a redirect loop (more than 20)', '/loop'],
    ['a redirect status without Location', '/no-location'],
    ['a same-origin redirect keeps authorization', '/redirect/307', { headers: { authorization: 'Bearer t' } }],
    ['a gzip body', '/gzip'],
    ['a deflate body', '/deflate'],
    ['a HEAD answer has no body', '/gzip', { method: 'HEAD' }],
    ['a 404', '/not-found'],
  ]

  it.each(cases)('%s', async (_name, path, init) => {
    const realFetch = globalThis.fetch
    const reference = await outcome(realFetch, `${origin}${path}`, init)
    const { sink } = mirrorSink()
    const restore = patchWebFetch(sink)
    try {
      expect(await outcome(globalThis.fetch, `${MOCKED}${path}`, init)).toEqual(reference)
    } finally {
      restore()
    }
    expect(globalThis.fetch).toBe(realFetch)
  })

  it('sends each redirect hop to the sink, and passes through what the sink lets go (without mocklib’s header)', async () => {
    const { sink, seen } = mirrorSink()
    const restore = patchWebFetch(sink)
    try {
      const hopped = await fetch(`${MOCKED}/redirect/307`, { method: 'POST', body: 'x' })
      expect(await hopped.json()).toEqual({ method: 'POST', path: '/target', body: 'x', authorization: null })
      const real = await fetch(`${origin}/echo`, { method: 'POST', body: 'to the network' })
      expect(await real.json()).toEqual({ method: 'POST', path: '/echo', body: 'to the network', authorization: null })
    } finally {
      restore()
    }
    expect(seen).toEqual(['POST /redirect/307', 'POST /target', 'POST /echo'])
  })

  it('rejects with signal.reason when aborted before the request or while the sink works', async () => {
    const { sink } = mirrorSink(200)
    const restore = patchWebFetch(sink)
    try {
      const reason = new Error('gave up')
      await expect(fetch(`${MOCKED}/x`, { signal: AbortSignal.abort(reason) })).rejects.toBe(reason)
      const controller = new AbortController()
      const pending = fetch(`${MOCKED}/x`, { signal: controller.signal })
      setTimeout(() => controller.abort(reason), 10)
      await expect(pending).rejects.toBe(reason)
    } finally {
      restore()
    }
  })

  it('fails with a TypeError for Response.error(), and with the sink’s error named in the message', async () => {
    const restore = patchWebFetch(async (exchange) => {
      if (exchange.request.url.endsWith('/error')) exchange.respondWith(Response.error())
      else exchange.errorWith(new Error('[mocklib] refused: no handler'))
    })
    try {
      await expect(fetch(`${MOCKED}/error`)).rejects.toThrow(new TypeError('Failed to fetch'))
      await expect(fetch(`${MOCKED}/other`)).rejects.toThrow(/refused: no handler/)
    } finally {
      restore()
    }
  })
})
