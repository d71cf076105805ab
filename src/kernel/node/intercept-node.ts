import { patchClientRequests } from './client-request/client-request-adapter.js'
import type { HttpSink } from './http-layer.js'
import { patchGlobalFetch } from './fetch/fetch-adapter.js'
import { interceptSocketsOnDemand } from './socket/socket-layer-on-demand.js'
import { watchPooledSockets } from './socket/socket-pools.js'
import { installDispatcherSources } from './undici/undici-dispatcher.js'

/**
 * Which layer answers global fetch: `'fast'` (the default) patches fetch
 * itself and answers undici through a global dispatcher; `'socket'` leaves
 * both to the socket layer like every other client.
 * `MOCKLIB_FETCH_LAYER=socket` selects the latter (the test suite runs both).
 */
export type FetchLayer = 'fast' | 'socket'

/**
 * The fetch layer chosen by the environment.
 *
 * @example
 * defaultFetchLayer() // 'socket' under MOCKLIB_FETCH_LAYER=socket
 */
export function defaultFetchLayer(): FetchLayer {
  return process.env.MOCKLIB_FETCH_LAYER === 'socket' ? 'socket' : 'fast'
}

/**
 * Starts every Node HTTP source, delivering to `sink` (the runtime's). Each
 * request is resolved once, by the cheapest layer that sees it. Returns the
 * function that stops them all and restores every client.
 *
 * @example
 * const stop = interceptNode(runtime.handle, 'fast')
 * stop()
 */
export function interceptNode(sink: HttpSink, fetchLayer: FetchLayer = defaultFetchLayer()): () => void {
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

/**
 * Global fetch and undici: the fast path's patch of fetch, over the dispatcher
 * source that answers undici (and plays what only undici can, see
 * `answerOnce`). Returns the function that stops both, or `undefined` when
 * there is no undici in this process (the socket layer then sees them).
 *
 * @example
 * const stop = interceptGlobalFetch(runtime.handle)
 * stop?.()
 */
export function interceptGlobalFetch(sink: HttpSink): (() => void) | undefined {
  const dispatcher = installDispatcherSources(sink)
  if (dispatcher === undefined) return undefined
  const restoreFetch = typeof globalThis.fetch === 'function' ? patchGlobalFetch(sink, dispatcher) : undefined
  return () => {
    restoreFetch?.()
    dispatcher.stop()
  }
}
