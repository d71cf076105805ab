import type { ExchangeSink, Source } from '../../contracts.js'
import { rememberNativeWebSocket } from './websocket-native.js'
import { MockWebSocket } from './websocket-mock-socket.js'
import { interceptUpgradeRequests } from './websocket-upgrade.js'

/** The global `WebSocket`, and the clients that connect with a node:http upgrade request (`ws`). */
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

// As msw: a fetch handshake a `ws.link` handler takes resolves 101. False when it is none or no source
// runs; `otherwise` is the HTTP path for one no handler takes (the unhandled policy then applies once).
export function answerFetchUpgrade(request: Request, resolve: (response: Response) => void, otherwise: () => void, reject: (error: Error) => void): boolean {
  const sink = MockWebSocket.sink
  if (sink === undefined || request.method !== 'GET') return false
  const key = request.headers.get('sec-websocket-key')
  if (key === null || request.headers.get('upgrade')?.toLowerCase() !== 'websocket') return false
  const url = webSocketUrl(request.url)
  if (url === undefined) return false
  MockWebSocket.unstarted(url).withClient((client) => client.offerHandshake(sink, key, request.url, resolve, otherwise), reject)
  return true
}

function webSocketUrl(href: string): URL | undefined {
  const url = new URL(href)
  if (url.protocol === 'https:') url.protocol = 'wss:'
  else if (url.protocol === 'http:') url.protocol = 'ws:'
  else if (url.protocol !== 'ws:' && url.protocol !== 'wss:') return undefined
  url.hash = ''
  return url
}
