import type { HttpExchange } from '../../contracts.js'
import { BYPASS_HEADER, bypassMarkOf, ownCall } from '../../passthrough.js'
import { createRequestId } from '../../request-context.js'
import { canParseUrl, parseUrl } from '../../url-parse.js'
import { type HttpSink, NativeHeaders, NativeRequest, networkError } from '../http-layer.js'
import { asFetchResponse, needsUndici, playAnswerHere, undiciPlaysAnswers } from './fetch-response.js'
import { adoptFetchArguments, hasForeignInit, isForeignRequest } from './foreign-fetch.js'
import { nodeMainGlobal } from '../main-realm.js'
import { answerFetchUpgrade } from '../websocket/websocket-source.js'
import type { DispatcherSource } from '../undici/undici-dispatcher.js'

/** The fetch fast path (see the README): a plain mocked answer skips undici; network calls are marked `ownCall()`. */
export function patchGlobalFetch(sink: HttpSink, dispatcher: DispatcherSource): () => void {
  const realFetch = globalThis.fetch
  const viaUndici = fetchAtLoad ?? realFetch
  const routes: FetchRoutes = { realFetch, viaUndici, playsAnswers: undiciPlaysAnswers(viaUndici), dispatcher, sendHop: (request) => mockedFetch(request) }
  const start = (input: RequestInfo | URL, init: RequestInit | undefined, request: Request | undefined, plainUrl: URL | undefined): Promise<Response> => {
    const abortable = request !== undefined && (init?.signal != null || input instanceof NativeRequest)
    const bodyText = request === undefined ? undefined : stringBody(input, init)
    return new Promise<Response>((resolve, reject) => {
      const remakeFrom = request !== undefined && bodyText === undefined && hasWholeBody(input, init) ? init : undefined
      const exchange = new FetchExchange(input as string | URL, plainUrl, request, bodyText, remakeFrom, abortable, resolve, reject, routes)
      // A WebSocket handshake a ws.link handler takes is answered 101 (as msw); any other goes on as HTTP.
      if (request !== undefined && answerFetchUpgrade(request, resolve, () => void sink(exchange), reject)) return
      void sink(exchange)
    })
  }
  const mockedFetch = function fetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const plainUrl = init === undefined ? plainGetUrl(input) : undefined
    if (plainUrl !== undefined) return start(input, init, undefined, plainUrl)
    // node-fetch's Request, another realm's signal or FormData…: made over into this realm's, as msw accepts them.
    if (isForeignRequest(input) || hasForeignInit(init)) {
      return adoptFetchArguments(againstLocation(input), init).then((adopted) => startBuilt(adopted.input, adopted.init, input, init))
    }
    return startBuilt(againstLocation(input), init, input, init)
  }
  const startBuilt = (input: RequestInfo | URL, init: RequestInit | undefined, callerInput: RequestInfo | URL, callerInit: RequestInit | undefined): Promise<Response> => {
    let request: Request
    try {
      request = new NativeRequest(input, init)
    } catch {
      // Invalid input: the real fetch rejects with exactly undici's error, before any network.
      return realFetch(callerInput, callerInit)
    }
    // With the caller's own signal's reason (an adopted signal's follower carries the same one).
    if (request.signal.aborted) return Promise.reject(request.signal.reason)
    return start(input, init, request, undefined)
  }
  globalThis.fetch = mockedFetch
  return () => {
    if (globalThis.fetch === mockedFetch) globalThis.fetch = realFetch
  }
}

interface FetchRoutes {
  /** The fetch that was global at `listen()`: passthroughs go there. */
  readonly realFetch: typeof fetch
  /** Plays the answers only undici can (`answerOnce`): see `fetchAtLoad`. */
  readonly viaUndici: typeof fetch
  /** When not, mocklib plays them (`playAnswerHere`). */
  readonly playsAnswers: boolean
  readonly dispatcher: DispatcherSource
  /** A redirect's next hop, when mocklib follows it itself. */
  readonly sendHop: (request: Request) => Promise<Response>
}

/** One object per request rather than a closure per method: the fast path's allocations are most of its cost. */
class FetchExchange implements HttpExchange {
  readonly kind = 'http'
  readonly id = createRequestId()
  readonly method: string | undefined
  readonly bodyless: boolean
  readonly bypassed: boolean
  #request: Request | undefined
  /** An unread copy for the real fetch; none for a string body (`bodyText`) or a whole-value one (`remakeFrom`). */
  readonly #unread: Request | undefined
  #settled = false
  #onAbort: (() => void) | undefined

  constructor(
    private readonly input: string | URL,
    readonly url: URL | undefined,
    request: Request | undefined,
    readonly bodyText: string | undefined,
    /** For a body that is a whole value (FormData, Blob, bytes…): the network's Request is made again from it. */
    private readonly remakeFrom: RequestInit | undefined,
    private readonly abortable: boolean,
    private readonly resolve: (response: Response | Promise<Response>) => void,
    private readonly reject: (reason: unknown) => void,
    private readonly via: FetchRoutes,
  ) {
    this.#request = request
    this.method = url === undefined ? undefined : 'GET'
    this.bodyless = url !== undefined
    this.bypassed = request !== undefined && bypassMarkOf(request) === 'bypass'
    // Copying a Request's body tees its stream; undici 5 in a realm without structuredClone
    // (Jest's jsdom) then leaves a MessagePort open, and Jest never exits.
    this.#unread = request === undefined || request.body === null || bodyText !== undefined || remakeFrom !== undefined ? undefined : request.clone()
    if (abortable) {
      const signal = request!.signal
      this.#onAbort = () => {
        if (this.#settle()) reject(signal.reason)
      }
      signal.addEventListener('abort', this.#onAbort, { once: true })
    }
  }

  get request(): Request {
    return (this.#request ??= new NativeRequest(this.input))
  }

  respondWith(response: Response): void {
    if (!this.#settle()) return void response.body?.cancel().catch(() => {})
    if (response.type === 'error') return this.reject(networkError(response))
    const method = this.method ?? this.#request!.method
    if (needsUndici(response, method)) {
      if (!this.via.playsAnswers) return this.resolve(playAnswerHere(this.request, () => this.#sentBody(), response, this.via.sendHop))
      const answer = this.via.dispatcher.answerOnce(response)
      return this.resolve(sendThrough(this.via.viaUndici, this.#forNetwork(), answer, this.bodyText))
    }
    try {
      this.resolve(asFetchResponse(response, method, this.url?.href ?? this.#request!.url, this.abortable ? this.#request!.signal : undefined))
    } catch (error) {
      this.reject(error)
    }
  }

  errorWith(error: Error): void {
    // Named after the request, with what to do: the message itself, not hidden in `cause`.
    if (this.#settle()) this.reject(new TypeError(error.message, { cause: error }))
  }

  passthrough(report?: boolean): Promise<Response | undefined> {
    if (!this.#settle()) return Promise.resolve(undefined)
    const real = sendThrough(this.via.realFetch, this.#forNetwork(), [BYPASS_HEADER, ownCall()], this.bodyText)
    this.resolve(real)
    // The client reads the real response; the runtime gets a copy only when it reports one.
    return real.then(
      (response) => (report === true ? response.clone() : undefined),
      () => undefined,
    )
  }

  async #sentBody(): Promise<ArrayBuffer | null> {
    if (this.bodyText !== undefined) return new TextEncoder().encode(this.bodyText).buffer
    return this.#unread === undefined && this.remakeFrom === undefined ? null : this.#forNetwork().arrayBuffer()
  }

  #forNetwork(): Request {
    if (this.#unread !== undefined) return this.#unread
    return this.remakeFrom === undefined ? this.request : new NativeRequest(againstLocation(this.input), this.remakeFrom)
  }

  #settle(): boolean {
    if (this.#settled) return false
    this.#settled = true
    if (this.#onAbort !== undefined) this.#request!.signal.removeEventListener('abort', this.#onAbort)
    return true
  }
}

/** Set only when the Request is certain to be valid (absolute, no credentials, no DOM `location`): else it is built now. */
function plainGetUrl(input: RequestInfo | URL): URL | undefined {
  if (typeof location !== 'undefined') return undefined
  const url = typeof input === 'string' ? parseUrl(input) : input instanceof URL ? parseUrl(input.href) : null
  if (url === null || url.username !== '' || url.password !== '') return undefined
  return url
}

/** Under a DOM-like global `location` (happy-dom, jsdom), relative URLs resolve against the page. */
function againstLocation<Input extends RequestInfo | URL>(input: Input): Input | URL {
  if (typeof input !== 'string' || typeof location === 'undefined' || canParseUrl(input)) return input
  return new URL(input, location.href)
}

/** A lone surrogate is sent as U+FFFD, so such a string does not read back the same and is read from the stream. */
function stringBody(input: RequestInfo | URL, init: RequestInit | undefined): string | undefined {
  const body = init?.body
  return typeof body === 'string' && !(input instanceof NativeRequest) && (body as WellFormedCheck).isWellFormed() ? body : undefined
}

/** A body given whole in `init` (not a stream, not a Request's) can be sent again as it is. */
function hasWholeBody(input: RequestInfo | URL, init: RequestInit | undefined): boolean {
  const body = init?.body
  return body != null && typeof body === 'object' && !(input instanceof NativeRequest) && typeof (body as { getReader?: unknown }).getReader !== 'function' && !(Symbol.asyncIterator in body)
}

/** ES2024, newer than the `lib` the sources compile against. */
type WellFormedCheck = string & { isWellFormed(): boolean }

// Takes `NativeRequest`s as they are and reaches the dispatcher source whatever fetch a test made global
// since, so it can play a mocked redirect or compressed body: Node's own under Jest with a polyfill.
const fetchAtLoad: typeof fetch | undefined = NativeRequest !== undefined && NativeRequest === nodeMainGlobal()?.Request ? (nodeMainGlobal()?.fetch ?? globalThis.fetch) : globalThis.fetch

/** A fetch `NativeRequest` does not belong with (node-fetch, a polyfill) gets the URL and a plain init, not a Request it would misread. */
function sendThrough(send: typeof fetch, request: Request, mark: readonly [string, string], bodyText: string | undefined): Promise<Response> {
  if (send === fetchAtLoad) {
    const headers = new NativeHeaders(request.headers)
    headers.set(mark[0], mark[1])
    return send(new NativeRequest(request, bodyText === undefined ? { headers } : { headers, body: bodyText }))
  }
  return sendAsInit(send, request, mark, bodyText)
}

async function sendAsInit(send: typeof fetch, request: Request, mark: readonly [string, string], bodyText: string | undefined): Promise<Response> {
  const headers: Array<[string, string]> = []
  request.headers.forEach((value, name) => headers.push([name, value]))
  headers.push([mark[0], mark[1]])
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD'
  const body = bodyText ?? (hasBody && request.body !== null ? new Uint8Array(await request.arrayBuffer()) : undefined)
  const init: RequestInit = { method: request.method, headers, redirect: request.redirect, signal: request.signal }
  if (body !== undefined) init.body = body
  return send(request.url, init)
}
