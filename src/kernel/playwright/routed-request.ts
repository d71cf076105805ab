import { isCommonAssetRequest } from '../static-asset.js'
import { parseUrl } from '../url-parse.js'
import type { FrameLike, RoutableLike, RoutedRequestLike } from './playwright-shapes.js'

export type SentHeaders = (routed: RoutedRequestLike) => Record<string, string> | Promise<Record<string, string>>

// Navigations are served by the application's server in an end-to-end test: never news when unhandled.
const navigations = new WeakSet<Request>()

const aborts = new WeakMap<Request, AbortController>()

/** What an end-to-end page loads from the application's own server: documents and static assets. */
export function isPageOwnRequest(request: Request): boolean {
  return navigations.has(request) || isCommonAssetRequest(request)
}

export async function toFetchRequest(routed: RoutedRequestLike, readHeaders: SentHeaders): Promise<Request> {
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

/** The page went away (an `EventSource` closed, a navigation) while its answer was streaming. */
export function abortRoutedRequest(request: Request): void {
  aborts.get(request)?.abort()
}

/**
 * Chromium's `headers()` already holds them all; `allHeaders()` costs a round trip, meanwhile `page.goto()` can
 * resolve and `assertDone()` miss the page's request.
 */
export function sentHeadersReader(target: RoutableLike): SentHeaders {
  const context = target.browser !== undefined ? target : target.context?.()
  let engine: string | undefined
  try {
    engine = context?.browser?.()?.browserType().name()
  } catch {
    engine = undefined
  }
  if (engine !== 'chromium') return (routed) => routed.allHeaders()
  return (routed) => routed.headers?.() ?? routed.allHeaders()
}

/**
 * What a host-less handler path resolves against, as msw uses the page's `location`. A navigation's frame still
 * shows the page being left; `undefined` (a `data:` page): any origin, as in Node.
 */
export function requestingPageOrigin(routed: RoutedRequestLike): string | undefined {
  if (routed.isNavigationRequest()) return originOf(routed.url())
  const worker = routed.serviceWorker?.()
  if (worker) return originOf(worker.url())
  let frame: FrameLike | null = frameOf(routed)
  while (frame !== null) {
    const url = frame.url()
    // about:blank, about:srcdoc, and a frame whose first document has not arrived take their parent's URL.
    if (url !== '' && !url.startsWith('about:')) return originOf(url)
    frame = frame.parentFrame()
  }
  return undefined
}

function frameOf(routed: RoutedRequestLike): FrameLike | null {
  if (routed.frame === undefined) return null
  try {
    return routed.frame()
  } catch {
    return null
  }
}

function originOf(url: string): string | undefined {
  const origin = parseUrl(url)?.origin
  return origin === 'null' ? undefined : origin
}
