/**
 * A real HTTP server on 127.0.0.1 that record/replay tests can stop halfway,
 * to prove a replay never needs it.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'

export interface RealServer {
  readonly origin: string
  /** Requests it received, as `METHOD /path?query`. */
  readonly hits: string[]
  close(): Promise<void>
}

export type Route = (request: IncomingMessage, response: ServerResponse, body: Buffer) => void

/** Bytes 0…255 then 255…0: not valid UTF-8, so only a byte-exact replay gives them back. */
export const BINARY = Buffer.from([...Array(256).keys(), ...[...Array(256).keys()].reverse()])

let counter = 0

/** The routes most tests use: JSON with headers and a cookie, binary, an echo, a counter, a redirect-free 404. */
export const defaultRoute: Route = (request, response, body) => {
  const url = new URL(request.url ?? '/', 'http://x')
  if (url.pathname === '/json') {
    response.setHeader('content-type', 'application/json')
    response.setHeader('x-custom', 'custom value')
    response.setHeader('set-cookie', ['theme=dark; Path=/', 'lang=en; Path=/; HttpOnly'])
    response.end(JSON.stringify({ page: url.searchParams.get('page'), items: [1, 2, 3] }))
  } else if (url.pathname === '/binary') {
    response.setHeader('content-type', 'application/octet-stream')
    response.end(BINARY)
  } else if (url.pathname === '/echo') {
    response.statusCode = 201
    response.setHeader('content-type', 'text/plain; charset=utf-8')
    response.end(`echo:${body.toString('utf8')}`)
  } else if (url.pathname === '/counter') {
    response.setHeader('content-type', 'application/json')
    response.end(JSON.stringify({ count: ++counter }))
  } else {
    response.statusCode = 404
    response.statusMessage = 'Nope'
    response.setHeader('content-type', 'text/plain')
    response.end('not here')
  }
}

export async function startRealServer(route: Route = defaultRoute): Promise<RealServer> {
  const hits: string[] = []
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      hits.push(`${request.method} ${request.url}`)
      route(request, response, Buffer.concat(chunks))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('no port')
  return {
    origin: `http://127.0.0.1:${address.port}`,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** Headers that describe the connection or the encoding on the wire, not the answer. */
const WIRE = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length'])

export function answerHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !WIRE.has(name)))
}
