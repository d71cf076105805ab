import type { Source, StartingSource } from '../contracts.js'
import { onFirstUse } from '../on-first-use.js'
import type { PageRequestSettings } from './page-request-source.js'

/** A page that never starts mocking never downloads the source's code (nor the interceptor under it). */
export interface LazySource extends StartingSource {
  /** So that `start()` can request every chunk it needs at once. */
  load(): Promise<Source | StartingSource>
}

export function lazySource(name: string, loadSource: () => Promise<Source | StartingSource>): LazySource {
  // A chunk that failed to download is asked for again by the next start().
  const { load } = onFirstUse(loadSource)
  return {
    name,
    load,
    start: async (sink) => (await load()).start(sink),
  }
}

export function lazyPageRequestSource(settings: PageRequestSettings): LazySource {
  return lazySource('page-requests', () => import('./page-request-source.js').then((chunk) => chunk.pageRequestSource(settings)))
}

export function lazyPageWebSocketSource(): LazySource {
  return lazySource('page-websocket', () => import('./websocket-source.js').then((chunk) => chunk.pageWebSocketSource()))
}
