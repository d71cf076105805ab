import type { IncomingMessage, ServerResponse } from 'node:http'
import { timingSafeEqual } from 'node:crypto'
import { message } from '../../kernel/index.js'
import { INSPECTOR_PAGE } from './inspector-page.js'
import type { Journal } from './journal.js'

export const ADMIN_PREFIX = '/__mocklib/'

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/

interface AdminOptions {
  readonly journal: Journal
  /** Clients off loopback must send it (`Authorization: Bearer …`, or `?token=` for the page and its event stream). */
  readonly token?: string
  /** A HAR recording served at `GET api/har`, which the page shows when opened with `?har` (`mocklib inspect`). */
  readonly har?: string
}

/**
 * The inspector page, the journal as JSON and as server-sent events, `POST api/reset`, and the HAR file
 * `mocklib inspect` opened. Loopback clients only, unless a token is set. False for any other path.
 */
export function adminRoutes(options: AdminOptions): (incoming: IncomingMessage, outgoing: ServerResponse) => boolean {
  return (incoming, outgoing) => {
    const target = incoming.url ?? '/'
    if (!target.startsWith(ADMIN_PREFIX) && target !== ADMIN_PREFIX.slice(0, -1)) return false
    const url = new URL(target, 'http://admin')
    if (!allowed(incoming, url, options.token)) {
      const why = options.token === undefined ? 'answers loopback clients only' : 'needs the admin token from clients off loopback'
      send(outgoing, 403, 'text/plain; charset=utf-8', message(`The mocklib inspector ${why}.`, options.token === undefined ? 'Open it on the machine that runs the server, or start the server with --admin-token <token>.' : 'Send Authorization: Bearer <token>, or add ?token=<token> to the URL.'))
      return true
    }
    route(url.pathname.slice(ADMIN_PREFIX.length - 1), incoming, outgoing, options)
    return true
  }
}

function route(path: string, incoming: IncomingMessage, outgoing: ServerResponse, { journal, har }: AdminOptions): void {
  const method = incoming.method ?? 'GET'
  // The admin routes read no body; what a client sends is dropped.
  incoming.resume()
  if (path === '') return void outgoing.writeHead(308, { location: ADMIN_PREFIX }).end()
  if (path === '/') {
    return send(outgoing, 200, 'text/html; charset=utf-8', INSPECTOR_PAGE, { 'cache-control': 'no-store', 'content-security-policy': "default-src 'self'; img-src 'self' data:; style-src 'unsafe-inline'; script-src 'unsafe-inline'" })
  }
  if (path === '/api/requests' && method === 'GET') return send(outgoing, 200, 'application/json', JSON.stringify(journal.list()))
  if (path.startsWith('/api/requests/') && method === 'GET') {
    const entry = journal.find(decodeURIComponent(path.slice('/api/requests/'.length)))
    return entry ? send(outgoing, 200, 'application/json', JSON.stringify(entry)) : send(outgoing, 404, 'application/json', JSON.stringify({ error: 'No such request in the journal (the oldest ones are dropped).' }))
  }
  if (path === '/api/reset' && method === 'POST') {
    journal.clear()
    return void outgoing.writeHead(204).end()
  }
  if (path === '/api/events' && method === 'GET') return streamEvents(outgoing, journal)
  if (path === '/api/har' && method === 'GET' && har !== undefined) return send(outgoing, 200, 'application/json', har)
  send(outgoing, 404, 'text/plain; charset=utf-8', message(`No admin route ${method} ${ADMIN_PREFIX.slice(0, -1)}${path}.`, 'The routes are GET /__mocklib/, GET /__mocklib/api/requests[/:id], GET /__mocklib/api/events, POST /__mocklib/api/reset.'))
}

function streamEvents(outgoing: ServerResponse, journal: Journal): void {
  outgoing.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' })
  outgoing.write(': mocklib journal\n\n')
  const stop = journal.subscribe((event) => {
    outgoing.write(`event: ${event.type}\ndata: ${event.type === 'reset' ? '{}' : JSON.stringify(event.entry)}\n\n`)
  })
  outgoing.once('close', stop)
}

function allowed(incoming: IncomingMessage, url: URL, token: string | undefined): boolean {
  if (LOOPBACK.test(incoming.socket.remoteAddress ?? '')) return true
  if (token === undefined) return false
  const header = incoming.headers.authorization
  const given = header?.startsWith('Bearer ') ? header.slice('Bearer '.length) : url.searchParams.get('token')
  if (given === null || given === undefined) return false
  const expected = Buffer.from(token)
  const received = Buffer.from(given)
  return expected.length === received.length && timingSafeEqual(expected, received)
}

function send(outgoing: ServerResponse, status: number, contentType: string, body: string, headers: Record<string, string> = {}): void {
  outgoing.writeHead(status, { 'content-type': contentType, 'content-length': Buffer.byteLength(body), ...headers }).end(body)
}
