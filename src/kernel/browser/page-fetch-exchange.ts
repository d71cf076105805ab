import type { HttpExchange } from '../contracts.js'
import { decodedBody, isRedirect, nextRedirect } from '../fetch-semantics.js'
import { BYPASS_HEADER, bypassMarkOf } from '../passthrough.js'
import { createRequestId } from '../request-context.js'

export interface PageFetchRoutes {
  /** The page's `fetch` from before the patch, for passthroughs. */
  readonly realFetch: typeof fetch
  /** The patched `fetch`: a followed redirect's next hop goes through it, so that a handler may answer it too. */
  readonly send: (request: Request) => Promise<Response>
}

/**
 * One call of the page's patched `fetch`: the page sees what Fetch would give for the same answer from a server.
 * A plain `fetch(url)` builds its Request only when someone reads it, and one object per call rather than a
 * closure per method: both cost more than the rest of a small mocked answer.
 */
export class PageFetchExchange implements HttpExchange {
  readonly kind = 'http'
  readonly id = createRequestId()
  readonly method: string | undefined
  readonly bodyless: boolean
  readonly bypassed: boolean
  #request: Request | undefined
  #settled = false
  readonly #onAbort: (() => void) | undefined

  constructor(
    /** Of a plain call, what its Request is built from; of the others, `request.url`. */
    private readonly href: string,
    /** Of a plain `fetch(url)` only. */
    readonly url: URL | undefined,
    request: Request | undefined,
    private readonly resolve: (response: Response | Promise<Response>) => void,
    private readonly reject: (reason: unknown) => void,
    private readonly routes: PageFetchRoutes,
  ) {
    this.#request = request
    this.method = url === undefined ? undefined : 'GET'
    this.bodyless = url !== undefined
    this.bypassed = request !== undefined && bypassMarkOf(request) === 'bypass'
    if (request === undefined) return
    if (this.bypassed) request.headers.delete(BYPASS_HEADER)
    const { signal } = request
    this.#onAbort = () => {
      if (this.#settle()) reject(signal.reason)
    }
    signal.addEventListener('abort', this.#onAbort, { once: true })
  }

  get request(): Request {
    return (this.#request ??= new Request(this.href))
  }

  respondWith(response: Response): void {
    if (!this.#settle()) return
    if (response.type === 'error') return this.reject(networkError(response))
    this.resolve(this.#delivered(response))
  }

  errorWith(error: Error): void {
    if (this.#settle()) this.reject(error)
  }

  passthrough(report?: boolean): Promise<Response | undefined> {
    if (!this.#settle()) return Promise.resolve(undefined)
    // Called on no object: the page's fetch throws when called on anything but the window.
    const { realFetch } = this.routes
    // A clone: the runtime may still read the request.
    const real = realFetch(this.request.clone())
    if (!report) {
      this.resolve(real)
      return Promise.resolve(undefined)
    }
    const copies = real.then(reportedCopies)
    this.resolve(copies.then(([forPage]) => forPage))
    // A network failure has already failed the page's fetch: nothing to report.
    return copies.then(
      ([, forReport]) => forReport,
      () => undefined,
    )
  }

  #delivered(response: Response): Response | Promise<Response> {
    const answer = decodedAnswer(response)
    Object.defineProperty(answer, 'url', { value: this.href, enumerable: true, configurable: true, writable: false })
    if (!isRedirect(answer)) return answer
    // A plain call follows redirects (Fetch's default mode); only a redirect builds its Request.
    const { request } = this
    if (request.redirect === 'manual') return answer
    if (request.redirect === 'error') return Promise.reject(networkError('unexpected redirect'))
    return followRedirect(request, answer, this.routes.send)
  }

  #settle(): boolean {
    if (this.#settled) return false
    this.#settled = true
    if (this.#onAbort !== undefined) this.#request!.signal.removeEventListener('abort', this.#onAbort)
    return true
  }
}

function decodedAnswer(response: Response): Response {
  // The header first: reading `body` makes a stream of a body still held as a string.
  const encoding = response.headers.get('content-encoding')
  if (encoding === null || encoding.trim() === '') return response
  const body = decodedBody(response)
  if (body === null || body === response.body) return response
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers })
}

// Fetch stops at 20.
const redirectCounts = new WeakMap<Request, number>()

function networkError(cause?: unknown): TypeError {
  return Object.assign(new TypeError('Failed to fetch'), { cause })
}

/** As a browser, a body it cannot resend and credentials in a cross-origin URL are network errors. */
async function followRedirect(request: Request, response: Response, fetch: (request: Request) => Promise<Response>): Promise<Response> {
  if (response.status !== 303 && request.body !== null) throw networkError('a redirect cannot resend a request body')
  const count = redirectCounts.get(request) ?? 0
  let next: Request | undefined
  try {
    next = nextRedirect(request, null, response, count)
  } catch (error) {
    throw networkError(error)
  }
  if (next === undefined) return response
  const to = new URL(next.url)
  if (request.mode === 'cors' && (to.username || to.password) && to.origin !== new URL(request.url).origin) throw networkError('cross origin not allowed for request mode "cors"')
  redirectCounts.set(next, count + 1)
  const final = await fetch(next)
  Object.defineProperty(final, 'redirected', { value: true, configurable: true })
  return final
}

/** Unlike `clone()`, the page cancelling its body (an EventSource closed) cancels the report's copy too. */
function reportedCopies(response: Response): [forPage: Response, forReport: Response] {
  if (response.body === null) return [response, response.clone()]
  const [pageBranch, reportBranch] = response.body.tee()
  const reportReader = reportBranch.getReader()
  const pageReader = pageBranch.getReader()
  const report = pulledFrom(reportReader, (reason) => reportReader.cancel(reason))
  const page = pulledFrom(pageReader, async (reason) => {
    await Promise.all([pageReader.cancel(reason), reportReader.cancel(reason)])
  })
  return [shaped(response, page), shaped(response, report)]
}

function pulledFrom(reader: ReadableStreamDefaultReader<Uint8Array>, cancel: (reason: unknown) => Promise<void>): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const { done, value } = await reader.read()
        if (done) controller.close()
        else controller.enqueue(value)
      },
      cancel,
    },
    { highWaterMark: 0 },
  )
}

function shaped(like: Response, body: ReadableStream<Uint8Array>): Response {
  const response = new Response(body, { status: like.status, statusText: like.statusText, headers: like.headers })
  Object.defineProperties(response, {
    url: { value: like.url, enumerable: true, configurable: true },
    type: { value: like.type, enumerable: true, configurable: true },
    redirected: { value: like.redirected, enumerable: true, configurable: true },
  })
  return response
}
