import type { ExchangeSink } from '../contracts.js'
import { canParseUrl, parseUrl } from '../url-parse.js'
import { PageFetchExchange, type PageFetchRoutes } from './page-fetch-exchange.js'

/** The restore function, if another patch wrapped this one since, lets every request through from then on. */
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

/** Set only when the Request is certain to be valid (it parses, no credentials): else it is built now, and may throw. */
function plainFetchUrl(input: RequestInfo | URL): URL | undefined {
  const text = typeof input === 'string' ? input : input instanceof URL ? input.href : undefined
  if (text === undefined) return undefined
  const url = parseUrl(text, typeof location === 'undefined' ? undefined : location.href)
  if (url === null || url.username !== '' || url.password !== '') return undefined
  return url
}

/** DOM test environments do not resolve a relative URL against the document themselves. */
function againstDocument(input: RequestInfo | URL): RequestInfo | URL {
  if (typeof input !== 'string' || typeof location === 'undefined' || canParseUrl(input)) return input
  return new URL(input, location.href)
}
