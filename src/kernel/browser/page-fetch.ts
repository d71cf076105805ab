import type { ExchangeSink } from '../contracts.js'
import { canParseUrl, parseUrl } from '../url-parse.js'
import { PageFetchExchange, type PageFetchRoutes } from './page-fetch-exchange.js'

/**
 * Replaces the page's `fetch` with one that hands each request to `sink` as
 * an exchange (see `PageFetchExchange` for what the page then sees). Returns
 * the function that gives the page its `fetch` back (if another patch wrapped
 * this one since, this one lets every request through from then on).
 *
 * @example
 * const restoreFetch = patchPageFetch(runtime.handle)
 */
export function patchPageFetch(sink: ExchangeSink): () => void {
  const realFetch = globalThis.fetch
  let active = true

  async function fetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    if (!active) return realFetch(input, init)
    const plainUrl = init === undefined ? plainFetchUrl(input) : undefined
    // Built now when the call has more than a URL: an invalid init throws here, as Fetch rejects at once.
    const request = plainUrl === undefined ? new Request(againstDocument(input), init) : undefined
    // Fetch starts in a task of its own: a signal aborted right after fetch() stops the request before a handler sees it.
    await Promise.resolve()
    if (request?.signal.aborted) throw request.signal.reason
    const href = plainUrl === undefined ? request!.url : plainUrl.href
    return new Promise<Response>((resolve, reject) => void sink(new PageFetchExchange(href, plainUrl, request, resolve, reject, routes)))
  }
  const routes: PageFetchRoutes = { realFetch, send: fetch }

  globalThis.fetch = fetch
  return () => {
    active = false
    if (globalThis.fetch === fetch) globalThis.fetch = realFetch
  }
}

/**
 * The parsed URL of `fetch(input)` without init when the Request it stands
 * for is certain to be valid: a URL that parses (against the document, as
 * `againstDocument`) and carries no credentials. `undefined` when the Request
 * must be built now, and may throw.
 */
function plainFetchUrl(input: RequestInfo | URL): URL | undefined {
  const text = typeof input === 'string' ? input : input instanceof URL ? input.href : undefined
  if (text === undefined) return undefined
  const url = parseUrl(text, typeof location === 'undefined' ? undefined : location.href)
  if (url === null || url.username !== '' || url.password !== '') return undefined
  return url
}

/** A relative URL as a string resolves against the document (DOM test environments do not do it themselves). */
function againstDocument(input: RequestInfo | URL): RequestInfo | URL {
  if (typeof input !== 'string' || typeof location === 'undefined' || canParseUrl(input)) return input
  return new URL(input, location.href)
}
