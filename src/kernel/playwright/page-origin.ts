import { parseUrl } from '../url-parse.js'
import type { FrameLike, RoutedRequestLike } from './playwright-shapes.js'

/**
 * The origin a host-less handler path (`/api/x`) stands for in a routed
 * request: the origin of the document whose relative URLs the request
 * resolved against, as msw resolves such paths against the page's `location`
 * in a browser. Several pages of one context, iframes and workers each get
 * their own, so that it is read per request and never kept process-wide.
 *
 * - A navigation (a document, an iframe's document): its own origin. The
 *   document it loads is the page its relative paths will point to, and the
 *   frame's current URL is the page being left (or `about:blank`), not the
 *   one asked for.
 * - A Service Worker's request: the worker script's origin.
 * - Any other request: the requesting frame's URL, or, for an `about:blank`
 *   or `srcdoc` frame (which inherits its creator's), the nearest parent's
 *   that has one. A dedicated worker's requests carry its page's frame.
 * - No frame to ask (an older Playwright, a request the browser made for
 *   itself) or no origin to take (`data:`, a top-level `about:blank` page):
 *   `undefined`, and a host-less path matches on any origin, as in Node.
 *
 * @example
 * // A fetch('/api/x') made by a page on https://shop.example.test/:
 * requestingPageOrigin(route.request()) // 'https://shop.example.test'
 */
export function requestingPageOrigin(routed: RoutedRequestLike): string | undefined {
  if (routed.isNavigationRequest()) return originOf(routed.url())
  const worker = routed.serviceWorker?.()
  if (worker) return originOf(worker.url())
  let frame: FrameLike | null = frameOf(routed)
  while (frame !== null) {
    const url = frame.url()
    // about:blank, about:srcdoc, and a frame whose first document has not arrived ('') take their parent's URL.
    if (url !== '' && !url.startsWith('about:')) return originOf(url)
    frame = frame.parentFrame()
  }
  return undefined
}

/** The requesting frame; Playwright throws for requests that have none (a Service Worker's). */
function frameOf(routed: RoutedRequestLike): FrameLike | null {
  if (routed.frame === undefined) return null
  try {
    return routed.frame()
  } catch {
    return null
  }
}

/** A URL's origin; `undefined` for an opaque one (`data:`), against which no path resolves. */
function originOf(url: string): string | undefined {
  const origin = parseUrl(url)?.origin
  return origin === 'null' ? undefined : origin
}
