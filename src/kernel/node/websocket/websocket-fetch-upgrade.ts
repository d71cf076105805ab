import { createHash } from 'node:crypto'
import type { WebSocketExchange } from '../../contracts.js'
import { offerOnly } from '../../websocket-dispatch.js'
import { MockWebSocket } from './websocket-mock-socket.js'

const GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11'

/**
 * msw's answer to a WebSocket handshake made with `fetch` (`upgrade:
 * websocket` and a `sec-websocket-key`): when a `ws.link` handler takes a
 * connection to the request's URL (`https:` read as `wss:`, `http:` as `ws:`),
 * the handler gets that connection (its client socket is nobody's, as msw's)
 * and the fetch resolves with `101 Switching Protocols` and the
 * `sec-websocket-accept` the key asks for. Returns false, leaving the request
 * to the ordinary HTTP path, when it is no such handshake or no WebSocket
 * source runs; `otherwise` is that path, for a handshake no handler takes
 * (so the unhandled-request policy applies once, to the HTTP request).
 *
 * @example
 * if (answerFetchUpgrade(request, resolve, () => void sink(exchange))) return
 */
export function answerFetchUpgrade(request: Request, resolve: (response: Response) => void, otherwise: () => void): boolean {
  const sink = MockWebSocket.sink
  if (sink === undefined || request.method !== 'GET') return false
  const key = request.headers.get('sec-websocket-key')
  if (key === null || request.headers.get('upgrade')?.toLowerCase() !== 'websocket') return false
  const url = webSocketUrl(request.url)
  if (url === undefined) return false
  // The first socket waits for its end to load (websocket-socket-client.ts); the fetch resolves later either way.
  MockWebSocket.unstarted(url).withClient((client) => offerHandshake(client.exchange(), sink, key, request.url, resolve, otherwise))
  return true
}

function offerHandshake(connection: WebSocketExchange, sink: (exchange: WebSocketExchange) => unknown, key: string, href: string, resolve: (response: Response) => void, otherwise: () => void): void {
  let fellThrough = false
  const answer = () => {
    if (!fellThrough) resolve(switchingProtocols(key, href))
  }
  const exchange: WebSocketExchange = {
    ...connection,
    accept() {
      if (fellThrough) return
      connection.accept()
      answer()
    },
    passthrough() {
      // Not reached: an offered connection no handler takes falls through instead.
      fellThrough = true
      otherwise()
    },
    errorWith(error) {
      // A handler took it and its listener threw: the connection fails, the handshake was answered.
      connection.errorWith(error)
      answer()
    },
  }
  offerOnly(exchange, () => {
    fellThrough = true
    otherwise()
  })
  void sink(exchange)
}

/** The WebSocket URL a fetch URL stands for, or `undefined` for another scheme. */
function webSocketUrl(href: string): URL | undefined {
  const url = new URL(href)
  if (url.protocol === 'https:') url.protocol = 'wss:'
  else if (url.protocol === 'http:') url.protocol = 'ws:'
  else if (url.protocol !== 'ws:' && url.protocol !== 'wss:') return undefined
  url.hash = ''
  return url
}

/**
 * A `101 Switching Protocols` fetch response (the Fetch API refuses to build
 * one, so a 200 is made and reads as 101, as msw's `FetchResponse` does).
 */
function switchingProtocols(key: string, url: string): Response {
  const response = new Response(null, {
    headers: {
      connection: 'upgrade',
      'sec-websocket-accept': createHash('sha1').update(key + GUID).digest('base64'),
      upgrade: 'websocket',
    },
  })
  Object.defineProperty(response, 'status', { value: 101, enumerable: true })
  Object.defineProperty(response, 'statusText', { value: '', enumerable: true })
  Object.defineProperty(response, 'url', { value: url, enumerable: true })
  return response
}
