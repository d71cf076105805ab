import { patchClientRequests } from '../node/client-request/client-request-adapter.js'
import type { HttpSink } from '../node/exchange-sink.js'
import { patchWebFetch } from './fetch-source.js'
import { removeOwnCallHeader } from './own-call-header.js'
import { removeOwnCallWebSocketHeader } from './own-call-websocket.js'

/** Options of `interceptWebRuntime`. */
export interface WebRuntimeOptions {
  /**
   * Replaces the runtime's `EventSource` with one that reads through `fetch`
   * (Deno's own reads through an internal fetch that no patch reaches);
   * returns the function that puts it back. Called only where the runtime has
   * an `EventSource`.
   */
  readonly patchEventSource?: () => () => void
}

/**
 * Starts the HTTP sources of Bun and Deno, delivering to `sink`: global
 * `fetch` (their own source, see `patchWebFetch`), `node:http`/`https` (the
 * ClientRequest layer, which both runtimes run as Node does), and
 * `EventSource` where the runtime has one. Unlike `interceptNode` there is no
 * undici dispatcher and no socket layer: neither runtime routes its clients
 * through them. It also keeps mocklib's marking header off the passthroughs
 * of the WebSocket source, which starts after it. Returns the function that
 * stops them all.
 *
 * @example
 * const stop = webRuntime() === undefined ? interceptNode(sink) : interceptWebRuntime(sink, { patchEventSource })
 * stop()
 */
export function interceptWebRuntime(sink: HttpSink, options: WebRuntimeOptions = {}): () => void {
  const restoreRequests = removeOwnCallHeader()
  const restoreWebSocket = removeOwnCallWebSocketHeader()
  const restoreClientRequests = patchClientRequests(sink)
  const restoreFetch = typeof globalThis.fetch === 'function' ? patchWebFetch(sink) : undefined
  const restoreEventSource = typeof globalThis.EventSource === 'function' ? options.patchEventSource?.() : undefined
  return () => {
    restoreEventSource?.()
    restoreFetch?.()
    restoreClientRequests()
    restoreRequests()
    restoreWebSocket()
  }
}
