// Types only: the interceptors' WebSocket module is loaded by the sources that
// patch a WebSocket class (Node's global one, the page's), never by the kernel.
import type { WebSocketClientConnection, WebSocketConnectionInfo, WebSocketServerConnection } from '@mswjs/interceptors/WebSocket'
import type { WebSocketExchange } from './contracts.js'
import { message } from './errors.js'

/**
 * What a WebSocket exchange from an interceptor-based source (Node's global
 * `WebSocket`, the page's `WebSocket`) carries in `connection`: the
 * @mswjs/interceptors client and server ends (the objects msw's `ws` API
 * exposes), and the connection info (requested subprotocols).
 *
 * @example
 * const { client } = exchange.connection as InterceptedWebSocketConnection
 * client.send('hello')
 */
export interface InterceptedWebSocketConnection {
  readonly client: WebSocketClientConnection
  readonly server: WebSocketServerConnection
  readonly info: WebSocketConnectionInfo
}

/** RFC 6455 "internal error": the server met a condition it could not handle. */
const INTERNAL_ERROR = 1011

/**
 * The exchange for one connection the WebSocket interceptor caught, in Node
 * or in a page. The runtime decides:
 * - `accept()`: a handler took it, the connection stays mocked;
 * - `passthrough()`: connect to the real server, events flow both ways;
 * - `errorWith()`: the client sees `error`, then `close` with code 1011.
 *
 * @example
 * interceptor.on('connection', (connection) => sink(interceptedWebSocketExchange(connection)))
 */
export function interceptedWebSocketExchange(connection: InterceptedWebSocketConnection): WebSocketExchange {
  const { client, server, info } = connection
  const protocols = info.protocols === undefined ? [] : typeof info.protocols === 'string' ? [info.protocols] : [...info.protocols]
  return {
    kind: 'websocket',
    id: client.id,
    url: client.url,
    protocols,
    connection,
    accept() {
      // Mocked: the interceptor already opened the client against no server.
    },
    passthrough() {
      server.connect()
    },
    errorWith(error) {
      const event = new Event('error')
      Object.defineProperty(event, 'cause', { value: error, enumerable: true })
      client.socket.dispatchEvent(event)
      client.close(INTERNAL_ERROR, closeReason(error))
    },
  }
}

/**
 * The close reason for a connection that failed with `error`: its message,
 * cut to the 123 UTF-8 bytes a close frame allows.
 *
 * @example
 * client.close(1011, closeReason(new Error('The handler broke.')))
 */
export function closeReason(error: Error): string {
  const text = error.message || message('The connection was refused.')
  const bytes = new TextEncoder().encode(text)
  return bytes.length <= 123 ? text : `${new TextDecoder().decode(bytes.slice(0, 120)).replace(/\uFFFD$/, '')}...`
}
