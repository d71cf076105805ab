// Loaded with `import()` when mocking starts in-page: a page that uses the
// Service Worker never downloads the fallback.
import type { ExchangeSink } from '../../kernel/index.js'
import { interceptInPage } from '../../kernel/browser/in-page-source.js'
import { patchEventSource } from './page-event-source.js'

/**
 * Starts in-page interception: fetch and XMLHttpRequest through
 * @mswjs/interceptors, and EventSource (which is not fetch) replaced by one
 * that reads through the patched fetch. Returns the function that restores all three.
 *
 * @example
 * const restore = await startInPage(runtime.handle)
 * // … later
 * restore()
 */
export async function startInPage(sink: ExchangeSink): Promise<() => void> {
  const restoreRequests = await interceptInPage(sink)
  const restoreEventSource = patchEventSource()
  return () => {
    restoreEventSource()
    restoreRequests()
  }
}
