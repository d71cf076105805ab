import type { ExchangeSink, Source } from '../../contracts.js'
import { rememberNativeWebSocket } from './websocket-native.js'
import { MockWebSocket } from './websocket-mock-socket.js'
import { interceptUpgradeRequests } from './websocket-upgrade.js'

/**
 * The source of WebSocket exchanges in Node: replaces `globalThis.WebSocket`
 * with `MockWebSocket` and takes the clients that connect with a node:http
 * upgrade request (`interceptUpgradeRequests`). Each connection becomes a
 * `WebSocketExchange` that the runtime accepts, passes through or fails.
 *
 * @example
 * const runtime = createRuntime({ store, sources: [createWebSocketSource()] })
 * runtime.start()
 */
export function createWebSocketSource(): Source {
  return {
    name: 'websocket',
    start(sink: ExchangeSink) {
      const descriptor = Object.getOwnPropertyDescriptor(globalThis, 'WebSocket')
      rememberNativeWebSocket(descriptor)
      MockWebSocket.sink = sink
      Object.defineProperty(globalThis, 'WebSocket', { value: MockWebSocket, writable: true, configurable: true, enumerable: false })
      // MOCKLIB_HTTP_LAYER=socket leaves node:http untouched (sockets only), `ws` clients included.
      const restoreUpgrades = process.env.MOCKLIB_HTTP_LAYER === 'socket' ? () => {} : interceptUpgradeRequests(sink)
      return () => {
        restoreUpgrades()
        if (MockWebSocket.sink === sink) MockWebSocket.sink = undefined
        if (descriptor === undefined) delete (globalThis as { WebSocket?: unknown }).WebSocket
        else Object.defineProperty(globalThis, 'WebSocket', descriptor)
      }
    },
  }
}

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
  MockWebSocket.unstarted(url).withClient((client) => client.offerHandshake(sink, key, request.url, resolve, otherwise))
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
