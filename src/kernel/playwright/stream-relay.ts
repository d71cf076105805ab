// `route.fulfill()` takes a whole body, so a mocked event stream that never
// ends would never reach the page. Instead the route is continued to this
// relay, a 127.0.0.1 server in the test's process that writes the mocked
// response as its body is produced; Chromium hides the changed URL from the
// page (the page sees its own URL, cookies and CORS apply to it).
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { canParseUrl } from '../url-parse.js'

/** What the relay serves for one token: the mocked response, and whom to tell when the page leaves. */
interface Pending {
  readonly response: Response
  readonly origin: string | null
  readonly pageLeft: () => void
}

const PATH = '/__mocklib_stream/'

/** A token not served within this time is dropped (the route was aborted, the page closed). */
const UNCLAIMED_MS = 30_000

const pending = new Map<string, Pending>()
let listening: Promise<string> | undefined

/**
 * Playwright's `fulfill()` gives a cross-origin answer permissive CORS headers
 * when it has none; a relayed stream gets the same, so streamed and whole
 * answers behave alike.
 */
function corsHeaders(response: Response, origin: string | null): [string, string][] {
  if (origin === null || response.headers.has('access-control-allow-origin')) return []
  return [
    ['access-control-allow-origin', origin],
    ['access-control-allow-credentials', 'true'],
    ['vary', 'Origin'],
  ]
}

async function pipeBody(body: ReadableStream<Uint8Array>, out: ServerResponse, pageLeft: () => void): Promise<void> {
  const reader = body.getReader()
  out.on('close', () => {
    if (out.writableFinished) return
    pageLeft()
    void reader.cancel().catch(() => undefined)
  })
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      out.write(value)
    }
    out.end()
  } catch {
    // The handler's stream failed (`client.error()`): the page sees the connection drop.
    out.destroy()
  }
}

function serve(request: IncomingMessage, out: ServerResponse): void {
  const token = (request.url ?? '').slice(PATH.length)
  const entry = pending.get(token)
  pending.delete(token)
  if (entry === undefined) {
    out.writeHead(410, { 'content-type': 'text/plain' }).end('This mocked stream was already served or has expired.')
    return
  }
  const { response, origin, pageLeft } = entry
  const headers: [string, string][] = []
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie' && name !== 'content-length') headers.push([name, value])
  })
  for (const cookie of response.headers.getSetCookie()) headers.push(['set-cookie', cookie])
  headers.push(...corsHeaders(response, origin))
  out.writeHead(response.status, headers.flat())
  // Headers first: an EventSource opens on them, before any event.
  out.flushHeaders()
  if (response.body === null) return void out.end()
  void pipeBody(response.body, out, pageLeft)
}

async function relayOrigin(): Promise<string> {
  listening ??= (async () => {
    const { createServer } = await import('node:http')
    const server: Server = createServer(serve)
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(0, '127.0.0.1', resolve)
    })
    // The relay never keeps the test process alive.
    server.unref()
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })()
  return listening
}

/** The page that made `request`, as the browser told it (`Origin`, else `Referer`), if it did. */
function initiatorOf(request: Request): URL | undefined {
  const initiator = request.headers.get('origin') ?? request.headers.get('referer')
  if (initiator === null || !canParseUrl(initiator)) return undefined
  return new URL(initiator)
}

function isLoopback(url: URL): boolean {
  const host = url.hostname
  return host === 'localhost' || host.endsWith('.localhost') || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host)
}

/**
 * The origin of the page whose `request` should get `response` as it is
 * produced rather than once whole, or undefined. That is an event stream
 * (SSE) the relay can stand in for: Playwright re-targets a route only to the
 * same scheme, so `http:` only; and Chromium lets only a page on a loopback
 * address (`localhost`, `127.0.0.1`: an end-to-end app server) reach the
 * loopback relay over plain HTTP (Private Network Access), so a page on
 * another host gets the body whole.
 */
export function relayedStreamPage(request: Request, response: Response): string | undefined {
  const type = response.headers.get('content-type') ?? ''
  if (response.body === null || !/^text\/event-stream\b/i.test(type) || new URL(request.url).protocol !== 'http:') return undefined
  const initiator = initiatorOf(request)
  return initiator !== undefined && initiator.protocol === 'http:' && isLoopback(initiator) ? initiator.origin : undefined
}

/**
 * Hands `response` to the relay and returns the URL the route continues to.
 * `pageLeft` runs if the page disconnects before the stream ended (the
 * handler's `request.signal` should abort then).
 */
export async function relayStream(request: Request, response: Response, pageLeft: () => void): Promise<string> {
  const origin = await relayOrigin()
  const token = crypto.randomUUID()
  pending.set(token, { response, origin: crossOrigin(request), pageLeft })
  setTimeout(() => {
    const entry = pending.get(token)
    if (entry === undefined) return
    pending.delete(token)
    void entry.response.body?.cancel().catch(() => undefined)
  }, UNCLAIMED_MS).unref()
  return `${origin}${PATH}${token}`
}

/** The page's origin when it differs from the request's (the `Origin` header a cross-origin request carries). */
function crossOrigin(request: Request): string | null {
  const origin = request.headers.get('origin')
  return origin !== null && origin !== new URL(request.url).origin ? origin : null
}
