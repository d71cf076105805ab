import { isCommonAssetRequest } from '../static-asset.js'
import { parseUrl } from '../url-parse.js'
import type { FrameLike, RoutableLike, RoutedRequestLike } from './playwright-shapes.js'

/** Reads the headers a routed request left the page with, at once when it can. */
export type SentHeaders = (routed: RoutedRequestLike) => Record<string, string> | Promise<Record<string, string>>

const ALL_HEADERS: SentHeaders = (routed) => routed.allHeaders()

// Requests the page made to navigate (documents, iframes): served by the
// application's server in an end-to-end test, so never news when unhandled.
const navigations = new WeakSet<Request>()

// What aborts a routed request's `signal`: the page left before its answer ended.
const aborts = new WeakMap<Request, AbortController>()

/**
 * True for what an end-to-end page loads from the application's own server
 * and no handler is expected to answer: its documents (navigations, as
 * Playwright told when it routed them) and static assets (scripts, styles,
 * images…: see `isCommonAssetRequest`).
 */
export function isPageOwnRequest(request: Request): boolean {
  return navigations.has(request) || isCommonAssetRequest(request)
}

/**
 * The Fetch `Request` for what the browser sent, headers (cookies included,
 * read by `readHeaders`) and body as they left the page.
 */
export async function toFetchRequest(routed: RoutedRequestLike, readHeaders: SentHeaders = ALL_HEADERS): Promise<Request> {
  const method = routed.method()
  const headers = new Headers()
  const sent = readHeaders(routed)
  // No await when the headers are at hand: the request reaches the handlers within this turn.
  for (const [name, value] of Object.entries(sent instanceof Promise ? await sent : sent)) {
    // HTTP/2 pseudo-headers (":authority"…) are not headers a Request can carry.
    if (!name.startsWith(':')) headers.append(name, value)
  }
  const body = method === 'GET' || method === 'HEAD' ? null : routed.postDataBuffer()
  const controller = new AbortController()
  const request = new Request(routed.url(), { method, headers, body: body === null ? null : new Uint8Array(body), signal: controller.signal })
  aborts.set(request, controller)
  if (routed.isNavigationRequest()) navigations.add(request)
  return request
}

/**
 * Aborts the `signal` of a request `toFetchRequest` made: the page went away
 * (an `EventSource` closed, the page navigated) while its answer was streaming.
 */
export function abortRoutedRequest(request: Request): void {
  aborts.get(request)?.abort()
}

/**
 * How to read the headers of the requests `target` routes. In Chromium a
 * routed request's `headers()` already holds all of them (cookies included),
 * so they are read at once; other browsers leave cookies out of it, so they
 * are read with `allHeaders()`, one more round trip to Playwright. The round
 * trip is worth saving: while it runs, `page.goto()` can resolve and a test
 * call `network.assertDone()` before the request its page made on load has
 * reached the handlers.
 */
export function sentHeadersReader(target: RoutableLike): SentHeaders {
  const context = target.browser !== undefined ? target : target.context?.()
  let engine: string | undefined
  try {
    engine = context?.browser?.()?.browserType().name()
  } catch {
    engine = undefined
  }
  if (engine !== 'chromium') return ALL_HEADERS
  return (routed) => routed.headers?.() ?? routed.allHeaders()
}

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
