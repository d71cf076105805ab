import type { HttpExchange } from '../contracts.js'
import { BYPASS_HEADER, bypassMarkOf, OWN_CALL } from '../passthrough.js'
import { createRequestId } from '../request-id.js'
import type { HttpSink } from './exchange-sink.js'
import { asFetchResponse, needsUndici } from './fetch-response.js'
import { networkError } from './network-error.js'
import type { DispatcherSource } from './undici-dispatcher.js'

/**
 * The fetch fast path: replaces `globalThis.fetch` so that a plain mocked
 * answer never goes through undici's fetch machinery (several times cheaper).
 * Whatever only undici can do exactly is left to it: invalid input is passed to
 * the real fetch (which rejects as it does), and a mocked redirect or
 * compressed body is handed to the real fetch together with its answer
 * (`dispatcher.answerOnce`), so undici follows, strips headers and decodes;
 * the next hops come back through the dispatcher source to the handlers.
 * Network calls are marked `OWN_CALL` so that lower sources let them through
 * unresolved and unreported. Returns the function that restores fetch.
 *
 * @example
 * const restore = patchGlobalFetch(runtime.handle, installDispatcherSource(runtime.handle)!)
 */
export function patchGlobalFetch(sink: HttpSink, dispatcher: DispatcherSource): () => void {
  const realFetch = globalThis.fetch
  const mockedFetch = function fetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const plainUrl = init === undefined ? plainGetUrl(input) : undefined
    let request: Request | undefined
    if (plainUrl === undefined) {
      try {
        request = new NativeRequest(againstLocation(input), init)
      } catch {
        // Invalid input: the real fetch rejects with exactly undici's error, before any network.
        return realFetch(input, init)
      }
      if (request.signal.aborted) return Promise.reject(request.signal.reason)
    }
    const abortable = request !== undefined && (init?.signal != null || input instanceof Request)
    return new Promise<Response>((resolve, reject) => {
      // A plain `fetch(url)` builds its Request only when someone reads it (it has no body nor signal).
      const requestOf = (): Request => (request ??= new NativeRequest(input as string | URL))
      const unread = request === undefined || request.body === null ? undefined : request.clone()
      const method = plainUrl === undefined ? undefined : 'GET'
      let settled = false
      const settle = () => {
        if (settled) return false
        settled = true
        if (abortable) request!.signal.removeEventListener('abort', onAbort)
        return true
      }
      const onAbort = () => {
        if (settle()) reject(request!.signal.reason)
      }
      if (abortable) request!.signal.addEventListener('abort', onAbort, { once: true })
      const exchange: HttpExchange = {
        kind: 'http',
        id: createRequestId(),
        get request() {
          return requestOf()
        },
        method,
        url: plainUrl,
        bypassed: request !== undefined && bypassMarkOf(request) === 'bypass',
        respondWith(response) {
          if (!settle()) return void response.body?.cancel().catch(() => {})
          if (response.type === 'error') return reject(networkError(response))
          const requestMethod = method ?? request!.method
          if (needsUndici(response, requestMethod)) return resolve(realFetch(markedRequest(unread ?? requestOf(), dispatcher.answerOnce(response))))
          try {
            resolve(asFetchResponse(response, requestMethod, plainUrl?.href ?? request!.url, abortable ? request!.signal : undefined))
          } catch (error) {
            reject(error)
          }
        },
        errorWith(error) {
          // Named after the request, with what to do: the message itself, not hidden in `cause`.
          if (settle()) reject(new TypeError(error.message, { cause: error }))
        },
        passthrough(report) {
          if (!settle()) return Promise.resolve(undefined)
          const real = realFetch(markedRequest(unread ?? requestOf(), [BYPASS_HEADER, OWN_CALL]))
          resolve(real)
          // The client reads the real response; the runtime gets a copy only when it reports one.
          return real.then(
            (response) => (report === true ? response.clone() : undefined),
            () => undefined,
          )
        },
      }
      sink(exchange).catch((error: unknown) => {
        if (settle()) reject(error)
      })
    })
  }
  globalThis.fetch = mockedFetch
  return () => {
    if (globalThis.fetch === mockedFetch) globalThis.fetch = realFetch
  }
}

/**
 * The Fetch classes as they were when mocklib loaded: the socket layer's
 * interceptor later wraps the globals (to record raw header names for the
 * wire), which the fast path, never on the wire, need not pay for.
 */
const NativeRequest = globalThis.Request
const NativeHeaders = globalThis.Headers

/**
 * The parsed URL of `fetch(input)` without init when the Request it stands
 * for is certain to be valid (an absolute URL without credentials, outside a
 * DOM-like environment where relative URLs resolve against the page);
 * `undefined` when the Request must be built now (and may throw).
 */
function plainGetUrl(input: RequestInfo | URL): URL | undefined {
  if (typeof location !== 'undefined') return undefined
  const url = typeof input === 'string' ? URL.parse(input) : input instanceof URL ? URL.parse(input.href) : null
  if (url === null || url.username !== '' || url.password !== '') return undefined
  return url
}

/** Under a DOM-like global `location` (happy-dom, jsdom), relative URLs resolve against the page. */
function againstLocation(input: RequestInfo | URL): RequestInfo | URL {
  if (typeof input !== 'string' || typeof location === 'undefined' || URL.canParse(input)) return input
  return new URL(input, location.href)
}

function markedRequest(request: Request, [name, value]: readonly [string, string]): Request {
  const headers = new NativeHeaders(request.headers)
  headers.set(name, value)
  return new NativeRequest(request, { headers })
}
