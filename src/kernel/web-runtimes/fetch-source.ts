import type { HttpExchange } from '../contracts.js'
import { BYPASS_HEADER, bypassMarkOf } from '../passthrough.js'
import { createRequestId } from '../request-id.js'
import type { HttpSink } from '../node/exchange-sink.js'
import { asFetchResponse } from '../node/fetch/fetch-response.js'
import { networkError } from '../node/network-error.js'
import { decodedBody } from '../decode-body.js'
import { isRedirect, nextRedirect } from '../fetch-redirect.js'

/**
 * The fetch source of runtimes whose `fetch` has no undici dispatcher under
 * it (Bun, Deno): replaces `globalThis.fetch` and hands every request to
 * `sink`. With no undici to lean on, it does itself what a fetch does with an
 * answer: follows a mocked redirect as the request's `redirect` mode says
 * (each hop goes to the handlers again), decodes a gzip or deflate body,
 * strips the body of a HEAD answer, and rejects with `signal.reason` when the
 * client aborts, before or while the body is read. A passthrough goes to the
 * runtime's own fetch, without mocklib's marking header. Returns the function
 * that puts the runtime's fetch back.
 *
 * @example
 * const restore = patchWebFetch(runtime.handle)
 * await fetch('https://api.test/user') // answered by the handlers
 * restore()
 */
export function patchWebFetch(sink: HttpSink): () => void {
  const realFetch = globalThis.fetch
  const send = (request: Request, redirects: number): Promise<Response> => {
    if (request.signal.aborted) return Promise.reject(request.signal.reason)
    const mark = bypassMarkOf(request)
    if (mark === 'own') return realFetch(withoutMark(request))
    // Taken before a resolver reads the body: the network and a redirect's next hop need it unread.
    const unread = request.body === null ? undefined : request.clone()
    return new Promise<Response>((resolve, reject) => {
      void sink(new WebFetchExchange(request, unread, mark === 'bypass', redirects, { resolve, reject, realFetch, send }))
    })
  }
  const mockedFetch = function fetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    let request: Request
    try {
      request = new Request(input, init)
    } catch {
      // Invalid input: the runtime's fetch rejects with its own error, before any network.
      return realFetch(input, init)
    }
    return send(request, 0)
  }
  // Bun's fetch carries `fetch.preconnect`: applications calling it keep working.
  for (const name of Object.getOwnPropertyNames(realFetch)) {
    if (!(name in mockedFetch)) Object.defineProperty(mockedFetch, name, Object.getOwnPropertyDescriptor(realFetch, name)!)
  }
  globalThis.fetch = mockedFetch as typeof fetch
  return () => {
    if (globalThis.fetch === (mockedFetch as typeof fetch)) globalThis.fetch = realFetch
  }
}

/** What an exchange needs from the fetch call that made it. */
interface FetchCall {
  resolve(response: Response | Promise<Response>): void
  reject(reason: unknown): void
  readonly realFetch: typeof fetch
  /** Sends a redirect's next hop through the handlers. */
  send(request: Request, redirects: number): Promise<Response>
}

/** One intercepted `fetch()` call (or one hop of its redirects). */
class WebFetchExchange implements HttpExchange {
  readonly kind = 'http'
  readonly id = createRequestId()
  #settled = false
  readonly #onAbort: () => void

  constructor(
    readonly request: Request,
    private readonly unread: Request | undefined,
    readonly bypassed: boolean,
    private readonly redirects: number,
    private readonly call: FetchCall,
  ) {
    this.#onAbort = () => {
      if (this.#settle()) call.reject(request.signal.reason)
    }
    request.signal.addEventListener('abort', this.#onAbort, { once: true })
  }

  respondWith(response: Response): void {
    if (!this.#settle()) return void response.body?.cancel().catch(() => {})
    if (response.type === 'error') return this.call.reject(networkError(response))
    this.call.resolve(this.#answer(response))
  }

  errorWith(error: Error): void {
    // Named after the request, with what to do: the message itself, not hidden in `cause`.
    if (this.#settle()) this.call.reject(new TypeError(error.message, { cause: error }))
  }

  passthrough(report?: boolean): Promise<Response | undefined> {
    if (!this.#settle()) return Promise.resolve(undefined)
    const real = this.call.realFetch(withoutMark(this.unread ?? this.request))
    this.call.resolve(real)
    // The client reads the real response; the runtime gets a copy only when it reports one.
    return real.then(
      (response) => (report === true ? response.clone() : undefined),
      () => undefined,
    )
  }

  async #answer(response: Response): Promise<Response> {
    const { request } = this
    if (isRedirect(response)) {
      const body = this.unread === undefined ? null : await this.unread.arrayBuffer()
      const next = nextRedirect(request, body, response, this.redirects)
      if (next !== undefined) {
        void response.body?.cancel().catch(() => {})
        const final = await this.call.send(next, this.redirects + 1)
        Object.defineProperty(final, 'redirected', { value: true, enumerable: true })
        return final
      }
    }
    const decoded = decodedBody(response)
    const answer = decoded === response.body ? response : new Response(decoded, { status: response.status, statusText: response.statusText, headers: response.headers })
    return asFetchResponse(answer, request.method, request.url, request.signal)
  }

  #settle(): boolean {
    if (this.#settled) return false
    this.#settled = true
    this.request.signal.removeEventListener('abort', this.#onAbort)
    return true
  }
}

/** `request` as the network must see it: without the header that marks mocklib's own calls and `bypass()`. */
function withoutMark(request: Request): Request {
  if (!request.headers.has(BYPASS_HEADER)) return request
  const headers = new Headers(request.headers)
  headers.delete(BYPASS_HEADER)
  return new Request(request, { headers })
}
