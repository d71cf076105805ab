import type { HttpExchange } from '../contracts.js'
import { createRequestId } from '../request-context.js'
import { asFetchResponse } from '../node/fetch/fetch-response.js'
import { networkError } from '../node/http-layer.js'
import { decodedBody, isRedirect, nextRedirect } from '../fetch-semantics.js'

export interface FetchCall {
  resolve(response: Response | Promise<Response>): void
  reject(reason: unknown): void
  /** Without mocklib's marking header. */
  network(request: Request): Promise<Response>
  /** A redirect's next hop, through the handlers. */
  send(request: Request, redirects: number): Promise<Response>
}

/** One intercepted `fetch()` call, or one hop of its redirects. */
export class WebFetchExchange implements HttpExchange {
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
    // The first call waits for this module: a signal aborted meanwhile fails it now, as it would have then.
    if (request.signal.aborted) this.#onAbort()
    else request.signal.addEventListener('abort', this.#onAbort, { once: true })
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
    const real = this.call.network(this.unread ?? this.request)
    this.call.resolve(real)
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
