import type { ServerSentEventClient } from './sse-client.js'
import { ForwardedEventSource } from './forwarded-event-source.js'

/**
 * The real server end of an `sse()` handler.
 *
 * @example
 * sse('https://api.example/stream', ({ server }) => {
 *   const source = server.connect()
 *   source.addEventListener('message', (event) => {
 *     if (event.data === 'secret') event.preventDefault() // not forwarded
 *   })
 * })
 */
export class ServerSentEventServer {
  readonly #request: Request
  readonly #client: ServerSentEventClient<any>

  /** @internal Made by `sse()` for each request. */
  constructor(request: Request, client: ServerSentEventClient<any>) {
    this.#request = request
    this.#client = client
  }

  /**
   * Opens the real event stream (the same URL and headers, past every handler)
   * and forwards each of its events to the client, after this turn's
   * listeners had the chance to `preventDefault()` it. Returns the real stream
   * as an `EventSource`-like object; its `close()` stops forwarding.
   */
  connect(): ForwardedEventSource {
    return new ForwardedEventSource(this.#request, (event) => this.#client.dispatchEvent(event))
  }
}
