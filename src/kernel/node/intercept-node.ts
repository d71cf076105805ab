import type { MockingCore } from '../mocking-core.js'
import { patchClientRequests } from './client-request-adapter.js'
import { patchGlobalFetch } from './fetch-adapter.js'
import { interceptSockets } from './socket-adapter.js'

/**
 * Which layer answers global fetch: `'fast'` (the default) patches fetch
 * itself; `'socket'` leaves it to the socket layer like every other client.
 * `MOCKLIB_FETCH_LAYER=socket` selects the latter (the test suite runs both).
 */
export type FetchLayer = 'fast' | 'socket'

export function defaultFetchLayer(): FetchLayer {
  return process.env.MOCKLIB_FETCH_LAYER === 'socket' ? 'socket' : 'fast'
}

/**
 * Starts every Node interception layer for `core`. Each request is resolved
 * once, by the cheapest layer that sees it. Returns the function that stops
 * them all and restores every client.
 */
export function interceptNode(core: MockingCore, fetchLayer: FetchLayer = defaultFetchLayer()): () => void {
  const fast = fetchLayer === 'fast' && typeof globalThis.fetch === 'function'
  const restoreSockets = interceptSockets(core)
  // node:http/https get the ClientRequest layer on top (MOCKLIB_HTTP_LAYER=socket: sockets only).
  const restoreClientRequests = process.env.MOCKLIB_HTTP_LAYER === 'socket' ? undefined : patchClientRequests(core)
  const restoreFetch = fast ? patchGlobalFetch(core) : undefined
  return () => {
    restoreFetch?.()
    restoreClientRequests?.()
    restoreSockets()
  }
}
