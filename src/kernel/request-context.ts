import { ContextScratchpad } from './context-scratchpad.js'
import type { ExchangeContext, HttpExchange } from './contracts.js'
import { parseCookieHeader } from './cookies.js'
import type { HandlerScope } from './handler-scope.js'

/**
 * Everything the kernel knows about one intercepted request. The URL and the
 * cookies are parsed at most once, however many handlers look at them, and
 * handlers of one kind can share other parsed data through `memo`. The
 * request itself is read from the exchange on first use (a source may build
 * it lazily: matching a plain `fetch(url)` needs only its method and URL).
 */
export class RequestContext extends ContextScratchpad implements ExchangeContext {
  readonly method: string
  #request: Request | undefined
  #url: URL | undefined
  #cookies: Record<string, string> | undefined

  constructor(
    readonly exchange: HttpExchange,
    readonly scope: HandlerScope,
    private readonly readExtraCookies?: (request: Request) => Record<string, string> | undefined,
    request?: Request,
  ) {
    super()
    this.#request = request
    if (request === undefined && exchange.method !== undefined) {
      this.method = exchange.method
      this.#url = exchange.url
    } else this.method = this.request.method.toUpperCase()
  }

  get request(): Request {
    return (this.#request ??= this.exchange.request)
  }

  get requestId(): string {
    return this.exchange.id
  }

  get url(): URL {
    return (this.#url ??= new URL(this.request.url))
  }

  /** The request's cookies: its `Cookie` header, plus the page's cookies in a browser. */
  get cookies(): Record<string, string> {
    if (this.#cookies === undefined) {
      const fromHeader = parseCookieHeader(this.request.headers.get('cookie'))
      const extra = this.readExtraCookies?.(this.request)
      // Null prototype: a cookie named like an Object member is data, never inherited.
      this.#cookies = extra === undefined ? fromHeader : Object.assign(Object.create(null) as Record<string, string>, extra, fromHeader)
    }
    return this.#cookies
  }

  /** A context for a part of this request (one operation of a batch): same exchange, scope and cookie source. */
  fork(request: Request): RequestContext {
    return new RequestContext(this.exchange, this.scope, this.readExtraCookies, request)
  }
}
