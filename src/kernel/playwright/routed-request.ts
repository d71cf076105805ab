import type { RoutedRequestLike } from './playwright-shapes.js'
import type { SentHeaders } from './sent-headers.js'

// Requests the page made to navigate (documents, iframes): served by the
// application's server in an end-to-end test, so never news when unhandled.
const navigations = new WeakSet<Request>()

// What aborts a routed request's `signal`: the page left before its answer ended.
const aborts = new WeakMap<Request, AbortController>()

/**
 * True when `request` stands for a navigation of the page (a document or an
 * iframe), as Playwright told when it routed it.
 *
 * @example
 * if (isPageNavigation(request)) return // the app's own pages
 */
export function isPageNavigation(request: Request): boolean {
  return navigations.has(request)
}

/**
 * The Fetch `Request` for what the browser sent, headers (cookies included,
 * read by `readHeaders`) and body as they left the page.
 *
 * @example
 * const request = await toFetchRequest(route.request())
 */
export async function toFetchRequest(routed: RoutedRequestLike, readHeaders: SentHeaders = (request) => request.allHeaders()): Promise<Request> {
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
 *
 * @example
 * relayStream(request, response, () => abortRoutedRequest(request))
 */
export function abortRoutedRequest(request: Request): void {
  aborts.get(request)?.abort()
}
