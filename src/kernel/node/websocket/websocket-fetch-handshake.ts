import type { WebSocketExchange } from '../../contracts.js'
import { offerOnly } from '../../websocket-dispatch.js'
import { acceptValueFor } from './websocket-frames.js'

// What answers a WebSocket handshake made with fetch, loaded by the first one
// (see `answerFetchUpgrade` in websocket-fetch-upgrade.ts, which decides whether a request is one).

/**
 * Offers `connection` (a fetch handshake's socket) to the handlers through
 * `sink`: when one takes it, the fetch resolves `101 Switching Protocols`;
 * when none does, `otherwise` sends the request on as ordinary HTTP.
 *
 * @example
 * socket.withClient((client) => offerHandshake(client.exchange(), sink, key, request.url, resolve, () => void sink(exchange)))
 */
export function offerHandshake(connection: WebSocketExchange, sink: (exchange: WebSocketExchange) => unknown, key: string, href: string, resolve: (response: Response) => void, otherwise: () => void): void {
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

/**
 * A `101 Switching Protocols` fetch response (the Fetch API refuses to build
 * one, so a 200 is made and reads as 101, as msw's `FetchResponse` does).
 */
function switchingProtocols(key: string, url: string): Response {
  const response = new Response(null, {
    headers: {
      connection: 'upgrade',
      'sec-websocket-accept': acceptValueFor(key),
      upgrade: 'websocket',
    },
  })
  Object.defineProperty(response, 'status', { value: 101, enumerable: true })
  Object.defineProperty(response, 'statusText', { value: '', enumerable: true })
  Object.defineProperty(response, 'url', { value: url, enumerable: true })
  return response
}
