import { message } from '../../errors.js'
import { onFirstUse } from '../../on-first-use.js'
import { MockWebSocket } from './websocket-mock-socket.js'

/**
 * What offers a fetch handshake to the handlers and answers it 101: loaded by
 * the first handshake (together with the socket's end), which waits for it.
 */
const handshake = onFirstUse(
  () => import('./websocket-fetch-handshake.js'),
  (error) => new Error(message(`The answer to a WebSocket handshake made with fetch could not be loaded (${String(error)}).`, 'If mocklib/node is bundled, keep the chunks it imports next to it.')),
)

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
 * `reject` fails the fetch if what answers the handshake cannot be loaded.
 *
 * @example
 * if (answerFetchUpgrade(request, resolve, () => void sink(exchange), reject)) return
 */
export function answerFetchUpgrade(request: Request, resolve: (response: Response) => void, otherwise: () => void, reject: (error: Error) => void): boolean {
  const sink = MockWebSocket.sink
  if (sink === undefined || request.method !== 'GET') return false
  const key = request.headers.get('sec-websocket-key')
  if (key === null || request.headers.get('upgrade')?.toLowerCase() !== 'websocket') return false
  const url = webSocketUrl(request.url)
  if (url === undefined) return false
  // The first handshake loads its answer while the socket's end loads (websocket-socket-client.ts); the fetch resolves later either way.
  if (handshake.loaded === undefined) handshake.load().catch(() => {})
  MockWebSocket.unstarted(url).withClient((client) => {
    const loaded = handshake.loaded
    if (loaded !== undefined) return loaded.offerHandshake(client.exchange(), sink, key, request.url, resolve, otherwise)
    handshake.load().then((loaded) => loaded.offerHandshake(client.exchange(), sink, key, request.url, resolve, otherwise), reject)
  })
  return true
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
