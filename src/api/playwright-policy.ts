import type { UnhandledRequestStrategy } from '../kernel/index.js'
import { isCommonAssetRequest } from '../kernel/static-asset.js'
import { isPageNavigation } from '../kernel/playwright/routed-request.js'
import type { UnhandledRequestRecord } from '../dsl/mock/history/scope-traffic.js'

/**
 * True for what an end-to-end page loads from the application's own server
 * and no handler is expected to answer: its documents (navigations) and
 * static assets (scripts, styles, images…: see `isCommonAssetRequest`).
 *
 * @example
 * network.unhandledRequests() // never lists the page's own document
 */
export function isPageOwnRequest(request: Request): boolean {
  return isPageNavigation(request) || isCommonAssetRequest(request)
}

/**
 * The unhandled-request policy of a Playwright page: `strategy`, except that
 * the built-in ones (`'warn'`, `'error'`) let the page's documents and static
 * assets reach the network without a word. A callback sees every request.
 *
 * @example
 * runtime.start({ onUnhandledRequest: pagePolicy('error') })
 */
export function pagePolicy(strategy: UnhandledRequestStrategy): UnhandledRequestStrategy {
  if (typeof strategy === 'function' || strategy === 'bypass') return strategy
  return (request, print) => {
    if (isPageOwnRequest(request)) return
    if (strategy === 'error') print.error()
    else print.warning()
  }
}

/**
 * True for an unhandled-request record worth reporting in a Playwright test
 * (see `isPageOwnRequest`).
 *
 * @example
 * records.filter(isReportedUnhandled)
 */
export function isReportedUnhandled(record: UnhandledRequestRecord): boolean {
  return record.kind !== 'http' || !isPageOwnRequest(record.request)
}
