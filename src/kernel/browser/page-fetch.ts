import type { ExchangeSink } from '../contracts.js'
import { BYPASS_HEADER, bypassMarkOf } from '../passthrough.js'
import { createRequestId } from '../request-id.js'
import { decodedAnswer } from './mocked-body-encoding.js'
import { isRedirect } from '../fetch-redirect.js'
import { followRedirect, networkError } from './redirect-follow.js'
import { reportedCopies } from './reported-copies.js'
import { canParseUrl } from '../url-parse.js'

/**
 * Replaces the page's `fetch` with one that hands each request to `sink` as
 * an exchange, and answers as the runtime decides: the mocked Response itself
 * (its body untouched: a body still held as a string is read as the string,
 * never through a stream), a network error, or the real `fetch`. What the
 * page sees is what Fetch would give for the same answer from a server: the
 * request's `url`, redirects followed (or refused, or handed over) as its
 * `redirect` mode says, encoded bodies decoded, an abort rejecting with the
 * signal's reason. Returns the function that gives the page its `fetch` back
 * (if another patch wrapped this one since, this one lets every request
 * through from then on).
 *
 * @example
 * const restore = patchPageFetch(runtime.handle)
 * await fetch('/api/user') // answered by the runtime's handlers
 * restore()
 */
export function patchPageFetch(sink: ExchangeSink): () => void {
  const realFetch = globalThis.fetch
  let active = true

  async function fetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    if (!active) return realFetch(input, init)
    // A relative URL as a string resolves against the document (DOM test environments do not do it themselves).
    const resolved = typeof input === 'string' && typeof location !== 'undefined' && !canParseUrl(input) ? new URL(input, location.href) : input
    const request = new Request(resolved, init)
    // Fetch starts in a task of its own: a signal aborted right after fetch() stops the request before a handler sees it.
    await Promise.resolve()
    const { signal } = request
    if (signal.aborted) throw signal.reason
    return new Promise<Response>((resolve, reject) => {
      let settled = false
      const settle = (): boolean => {
        if (settled) return false
        settled = true
        signal.removeEventListener('abort', aborted)
        return true
      }
      function aborted(): void {
        if (settle()) reject(signal.reason)
      }
      signal.addEventListener('abort', aborted, { once: true })
      const bypassed = bypassMarkOf(request) === 'bypass'
      if (bypassed) request.headers.delete(BYPASS_HEADER)
      void sink({
        kind: 'http',
        id: createRequestId(),
        request,
        bypassed,
        respondWith(response) {
          if (!settle()) return
          if (response.type === 'error') return reject(networkError(response))
          resolve(delivered(request, response, fetch))
        },
        errorWith(error) {
          if (settle()) reject(error)
        },
        passthrough(report) {
          if (!settle()) return Promise.resolve(undefined)
          // A copy is sent: the runtime may still read the request (history, recording).
          const real = realFetch(request.clone())
          if (!report) {
            resolve(real)
            return Promise.resolve(undefined)
          }
          const copies = real.then(reportedCopies)
          resolve(copies.then(([forPage]) => forPage))
          // A network failure has already failed the page's fetch: nothing to report.
          return copies.then(
            ([, forReport]) => forReport,
            () => undefined,
          )
        },
      })
    })
  }

  globalThis.fetch = fetch
  return () => {
    active = false
    if (globalThis.fetch === fetch) globalThis.fetch = realFetch
  }
}

/** What the page's fetch resolves to for a mocked `response`: as Fetch makes of the same answer from a server. */
function delivered(request: Request, response: Response, fetch: (request: Request) => Promise<Response>): Response | Promise<Response> {
  const answer = decodedAnswer(response)
  Object.defineProperty(answer, 'url', { value: request.url, enumerable: true, configurable: true, writable: false })
  if (!isRedirect(answer) || request.redirect === 'manual') return answer
  if (request.redirect === 'error') return Promise.reject(networkError('unexpected redirect'))
  return followRedirect(request, answer, fetch)
}
