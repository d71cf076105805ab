import type { Source, StartingSource } from '../contracts.js'
import { onFirstUse } from '../on-first-use.js'
import type { PageRequestSettings } from './page-request-source.js'

/** A source whose code is a chunk of its own, loaded on `load()` or on its first `start()`. */
export interface LazySource extends StartingSource {
  /** Starts loading the source's code (once); `start()` awaits the same load. */
  load(): Promise<Source | StartingSource>
}

/**
 * A source behind a gate of a few lines: a page that never starts mocking
 * never downloads the source's code (nor the interceptor under it), and
 * `start()` can request every chunk it needs at once with `load()`.
 */
export function lazySource(name: string, loadSource: () => Promise<Source | StartingSource>): LazySource {
  // A chunk that failed to download is asked for again by the next start().
  const { load } = onFirstUse(loadSource)
  return {
    name,
    load,
    start: async (sink) => (await load()).start(sink),
  }
}

/** The page's requests (see `pageRequestSource`), loaded on first use. */
export function lazyPageRequestSource(settings: PageRequestSettings): LazySource {
  return lazySource('page-requests', () => import('./page-request-source.js').then((chunk) => chunk.pageRequestSource(settings)))
}

/**
 * The page's WebSockets (see `pageWebSocketSource`), loaded on first use: a
 * Service Worker never sees WebSockets, so every mode patches the page's class.
 */
export function lazyPageWebSocketSource(): LazySource {
  return lazySource('page-websocket', () => import('./websocket-source.js').then((chunk) => chunk.pageWebSocketSource()))
}
