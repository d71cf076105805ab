import { patchClientRequests } from './client-request/client-request-adapter.js'
import type { HttpSink } from './http-layer.js'
import { patchGlobalFetch } from './fetch/fetch-adapter.js'
import { interceptSocketsOnDemand } from './socket/socket-layer-on-demand.js'
import { watchPooledSockets } from './socket/socket-pools.js'
import { installDispatcherSources } from './undici/undici-dispatcher.js'

/** `'fast'` patches fetch itself and answers undici through a global dispatcher; `'socket'` leaves both to the socket layer. */
export type FetchLayer = 'fast' | 'socket'

/** Each request is resolved once, by the cheapest layer that sees it. */
export function interceptNode(sink: HttpSink, fetchLayer: FetchLayer = process.env.MOCKLIB_FETCH_LAYER === 'socket' ? 'socket' : 'fast'): () => void {
  // Below the socket layer's patches: installed first, restored last.
  const retirePooledSockets = watchPooledSockets()
  const stopSockets = interceptSocketsOnDemand(sink)
  // node:http/https get the ClientRequest layer on top (MOCKLIB_HTTP_LAYER=socket: sockets only).
  const restoreClientRequests = process.env.MOCKLIB_HTTP_LAYER === 'socket' ? undefined : patchClientRequests(sink)
  const stopFetch = fetchLayer === 'fast' ? interceptGlobalFetch(sink) : undefined
  return () => {
    stopFetch?.()
    restoreClientRequests?.()
    stopSockets()
    retirePooledSockets()
  }
}

/** `undefined` when there is no undici in this process (the socket layer then sees fetch). */
export function interceptGlobalFetch(sink: HttpSink): (() => void) | undefined {
  const dispatcher = installDispatcherSources(sink)
  if (dispatcher === undefined) return undefined
  const restoreFetch = typeof globalThis.fetch === 'function' ? patchGlobalFetch(sink, dispatcher) : undefined
  return () => {
    restoreFetch?.()
    dispatcher.stop()
  }
}
