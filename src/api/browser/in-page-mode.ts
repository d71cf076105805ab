// Loaded with `import()` when mocking starts in-page: a page that uses the
// Service Worker never downloads the fallback.
import type { ExchangeSink } from '../../kernel/index.js'
import { interceptInPage } from '../../kernel/browser/in-page-source.js'
import type { ReportTracker } from '../../kernel/browser/report-tracker.js'
import { patchEventSource } from './page-event-source.js'

/**
 * Starts in-page interception: fetch and XMLHttpRequest through
 * @mswjs/interceptors, and EventSource (which is not fetch) replaced by one
 * that reads through the patched fetch. `reports` tracks the XMLHttpRequest
 * passthrough reports still to come. Returns the function that restores all three.
 *
 * @example
 * const restore = await startInPage(runtime.handle, createReportTracker())
 * // … later
 * restore()
 */
export async function startInPage(sink: ExchangeSink, reports: ReportTracker): Promise<() => void> {
  const restoreRequests = await interceptInPage(sink, reports)
  const restoreEventSource = patchEventSource()
  return () => {
    restoreEventSource()
    restoreRequests()
  }
}
