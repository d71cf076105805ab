import type { ExchangeContext, HttpExchange } from './contracts.js'
import { parseCookieHeader } from './cookies.js'
import type { HandlerScope } from './handler-scope.js'

const NO_NOTES: readonly string[] = Object.freeze([])

/**
 * Everything the kernel knows about one intercepted request. The URL and the
 * cookies are parsed at most once, however many handlers look at them, and
 * handlers of one kind can share other parsed data through `memo`.
 */
export class RequestContext implements ExchangeContext {
  readonly method: string
  #url: URL | undefined
  #cookies: Record<string, string> | undefined
  #memo: Map<unknown, unknown> | undefined
  #notes: string[] | undefined

  constructor(
    readonly exchange: HttpExchange,
    readonly scope: HandlerScope,
    private readonly readExtraCookies?: (request: Request) => Record<string, string>,
    readonly request: Request = exchange.request,
  ) {
    this.method = request.method.toUpperCase()
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
      // Null prototype: a cookie named like an Object member is data, never inherited.
      this.#cookies = this.readExtraCookies ? Object.assign(Object.create(null) as Record<string, string>, this.readExtraCookies(this.request), fromHeader) : fromHeader
    }
    return this.#cookies
  }

  /**
   * Why handlers did not match this request (for example "the GraphQL query
   * does not parse"), added by channels and handlers. The unhandled-request
   * policy prints them, so an unhandled request explains itself.
   */
  get notes(): readonly string[] {
    return this.#notes ?? NO_NOTES
  }

  /** Adds a "why nothing matched" detail; the same text is kept once. */
  addNote(text: string): void {
    this.#notes ??= []
    if (!this.#notes.includes(text)) this.#notes.push(text)
  }

  /** A context for a part of this request (one operation of a batch): same exchange, scope and cookie source. */
  fork(request: Request): RequestContext {
    return new RequestContext(this.exchange, this.scope, this.readExtraCookies, request)
  }

  /** Computes a value once per request under `key` (use a module-private object or symbol). */
  memo<T>(key: unknown, compute: (context: this) => T): T {
    this.#memo ??= new Map()
    if (this.#memo.has(key)) return this.#memo.get(key) as T
    const value = compute(this)
    this.#memo.set(key, value)
    return value
  }
}
