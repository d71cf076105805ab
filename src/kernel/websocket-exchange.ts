import type { WebSocketExchange } from './contracts.js'
import { message } from './errors.js'

/**
 * What a WebSocket exchange from an interceptor-based source (the page's
 * `WebSocket`) carries in `connection`, as the kernel needs it and with no
 * interceptor library's types: the library's objects have these members (and
 * more, which the `ws` DSL reads).
 *
 * @example
 * const { client } = interceptedWebSocketExchange(connection).connection
 * client.close(1000, 'done')
 */
export interface InterceptedWebSocketConnection {
  readonly client: InterceptedClientEnd
  readonly server: InterceptedServerEnd
  readonly info: { readonly protocols?: string | readonly string[] | undefined }
}

/** The client end of an intercepted connection, as the kernel uses it. */
export interface InterceptedClientEnd {
  readonly id: string
  readonly url: URL
  /** The socket the page holds: `error` is dispatched on it. */
  readonly socket: EventTarget
  close(code?: number, reason?: string): void
}

/** The server end of an intercepted connection, as the kernel uses it. */
export interface InterceptedServerEnd {
  /** Opens the real connection. */
  connect(): void
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
export function interceptedWebSocketExchange(connection: InterceptedWebSocketConnection): WebSocketExchange<InterceptedWebSocketConnection> {
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
