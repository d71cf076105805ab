// A static import (see load-interceptors.ts): bundlers must see the dependency.
// Reached from `mocklib/node` only.
import {
  WebSocketInterceptor,
  type WebSocketClientConnection,
  type WebSocketConnectionInfo,
  type WebSocketServerConnection,
} from '@mswjs/interceptors/WebSocket'
import type { ExchangeSink, Source, WebSocketExchange } from '../contracts.js'
import { message } from '../errors.js'
import { interceptUpgradeRequests } from './websocket-upgrade.js'

/**
 * What a WebSocket exchange from this source carries in `connection`: the
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
 * The source of WebSocket exchanges in Node: patches `globalThis.WebSocket`
 * (Node's built-in client, and every library that uses it) with
 * @mswjs/interceptors' WebSocket interceptor. Each `new WebSocket(url)`
 * becomes a `WebSocketExchange`; the runtime decides:
 * - `accept()`: a handler took it, the connection stays mocked;
 * - `passthrough()`: connect to the real server, events flow both ways;
 * - `errorWith()`: the client sees `error`, then `close` with code 1011.
 *
 * It also takes the clients that connect with a node:http upgrade request (the
 * `ws` npm package's client, and libraries built on it): see
 * `interceptUpgradeRequests`.
 *
 * @example
 * const runtime = createRuntime({ store, sources: [createWebSocketSource()] })
 * runtime.start()
 */
export function createWebSocketSource(): Source {
  return {
    name: 'websocket',
    start(sink: ExchangeSink) {
      const interceptor = new WebSocketInterceptor()
      interceptor.on('connection', async ({ client, server, info }) => {
        await sink(toExchange({ client, server, info }))
      })
      interceptor.apply()
      // MOCKLIB_HTTP_LAYER=socket leaves node:http untouched (sockets only), `ws` clients included.
      const restoreUpgrades = process.env.MOCKLIB_HTTP_LAYER === 'socket' ? () => {} : interceptUpgradeRequests(sink)
      return () => {
        restoreUpgrades()
        interceptor.dispose()
      }
    },
  }
}

function toExchange(connection: InterceptedWebSocketConnection): WebSocketExchange {
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

/** A close reason must fit in 123 UTF-8 bytes. */
function closeReason(error: Error): string {
  const text = error.message || message('The connection was refused.')
  const bytes = new TextEncoder().encode(text)
  return bytes.length <= 123 ? text : `${new TextDecoder().decode(bytes.slice(0, 120)).replace(/\uFFFD$/, '')}...`
}
