// `route.fulfill()` takes a whole body, so a mocked event stream that never ends would never reach the
// page: the route is continued to this 127.0.0.1 relay instead, which writes the body as it is produced.
// Chromium hides the changed URL from the page (cookies and CORS apply to its own).
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { parseUrl } from '../url-parse.js'

const PATH = '/__mocklib_stream/'

// A token not served within this time is dropped (the route was aborted, the page closed).
const UNCLAIMED_MS = 30_000

const pending = new Map<string, { readonly response: Response; readonly headers: string[]; readonly pageLeft: () => void }>()
let listening: Promise<string> | undefined

/** Name, value, name, value… as `writeHead()` takes them, so that repeated names (Set-Cookie) stay apart. */
function relayedHeaders(request: Request, response: Response): string[] {
  const headers: string[] = []
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie' && name !== 'content-length') headers.push(name, value)
  })
  for (const cookie of response.headers.getSetCookie()) headers.push('set-cookie', cookie)
  // As Playwright's `fulfill()` gives a cross-origin answer, so that streamed and whole answers behave alike.
  const origin = request.headers.get('origin')
  if (origin !== null && origin !== new URL(request.url).origin && !response.headers.has('access-control-allow-origin')) {
    headers.push('access-control-allow-origin', origin, 'access-control-allow-credentials', 'true', 'vary', 'Origin')
  }
  return headers
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
    // The handler's stream failed: the page sees the connection drop.
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
  const { response, headers, pageLeft } = entry
  out.writeHead(response.status, headers)
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
    server.unref()
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })()
  return listening
}

function isLoopback(url: URL): boolean {
  const host = url.hostname
  return host === 'localhost' || host.endsWith('.localhost') || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host)
}

/**
 * An event stream the relay can stand in for: Playwright re-targets a route only to the same scheme
 * (`http:`), and Chromium lets only a loopback page reach the loopback relay (Private Network Access).
 */
export function relayedStreamPage(request: Request, response: Response): string | undefined {
  const type = response.headers.get('content-type') ?? ''
  if (response.body === null || !/^text\/event-stream\b/i.test(type) || new URL(request.url).protocol !== 'http:') return undefined
  const initiator = request.headers.get('origin') ?? request.headers.get('referer')
  const url = initiator === null ? null : parseUrl(initiator)
  return url?.protocol === 'http:' && isLoopback(url) ? url.origin : undefined
}

/** The URL the route continues to; `pageLeft` runs if the page disconnects before the stream ended. */
export async function relayStream(request: Request, response: Response, pageLeft: () => void): Promise<string> {
  const origin = await relayOrigin()
  const token = crypto.randomUUID()
  pending.set(token, { response, headers: relayedHeaders(request, response), pageLeft })
  setTimeout(() => {
    const entry = pending.get(token)
    if (entry === undefined) return
    pending.delete(token)
    void entry.response.body?.cancel().catch(() => undefined)
  }, UNCLAIMED_MS).unref()
  return `${origin}${PATH}${token}`
}
