import type { WebSocketExchange } from './contracts.js'
import { message } from './errors.js'

/** What the interceptor library's connection objects have, as the kernel needs them (the `ws` DSL reads more). */
interface InterceptedWebSocketConnection {
  readonly client: { readonly id: string; readonly url: URL; readonly socket: EventTarget; close(code?: number, reason?: string): void }
  readonly server: { connect(): void }
  readonly info: { readonly protocols?: string | readonly string[] | undefined }
}

/** RFC 6455 "internal error". */
export const INTERNAL_ERROR = 1011

/** `errorWith()`: the client sees `error`, then `close` with code 1011. */
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

/** The error's message, cut to the 123 UTF-8 bytes a close frame allows. */
export function closeReason(error: Error): string {
  const text = error.message || message('The connection was refused.')
  const bytes = new TextEncoder().encode(text)
  return bytes.length <= 123 ? text : `${new TextDecoder().decode(bytes.slice(0, 120)).replace(/\uFFFD$/, '')}...`
}
