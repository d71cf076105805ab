import type { ExchangeContext, HttpExchange } from './contracts.js'
import { parseCookieHeader } from './cookies.js'
import type { HandlerScope } from './handler-scope.js'

let nextRequestId = 0
const idPrefix = Math.random().toString(36).slice(2, 8)

export function createRequestId(): string {
  return `${idPrefix}-${(nextRequestId++).toString(36)}`
}

const NO_NOTES: readonly string[] = Object.freeze([])

/** `memo` and the notes on why nothing matched, both made on first use. */
export abstract class ContextScratchpad {
  /** Keys and values side by side: a request memoizes a handful of values, a Map costs more to make than to scan this. */
  #memo: unknown[] | undefined
  #notes: string[] | undefined

  get notes(): readonly string[] {
    return this.#notes ?? NO_NOTES
  }

  addNote(text: string): void {
    this.#notes ??= []
    if (!this.#notes.includes(text)) this.#notes.push(text)
  }

  memo<T>(key: unknown, compute: (context: this) => T): T {
    const memo = (this.#memo ??= [])
    for (let index = 0; index < memo.length; index += 2) if (memo[index] === key) return memo[index + 1] as T
    const value = compute(this)
    memo.push(key, value)
    return value
  }
}

/** One intercepted request, parsed at most once however many handlers look; `request` is read on first use. */
export class RequestContext extends ContextScratchpad implements ExchangeContext {
  readonly method: string
  #request: Request | undefined
  #url: URL | undefined
  #cookies: Record<string, string> | undefined
  /** A fork stands for another request (one operation of a batch) and has none. */
  readonly #knownBodyText: string | undefined
  #bodyText: Promise<string> | undefined

  constructor(
    readonly exchange: HttpExchange,
    readonly scope: HandlerScope,
    private readonly readExtraCookies?: (request: Request) => Record<string, string> | undefined,
    request?: Request,
  ) {
    super()
    this.#request = request
    this.#knownBodyText = request === undefined ? exchange.bodyText : undefined
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

  get cookies(): Record<string, string> {
    if (this.#cookies === undefined) {
      const fromHeader = parseCookieHeader(this.request.headers.get('cookie'))
      const extra = this.readExtraCookies?.(this.request)
      // Null prototype: a cookie named like an Object member is data, never inherited.
      this.#cookies = extra === undefined ? fromHeader : Object.assign(Object.create(null) as Record<string, string>, extra, fromHeader)
    }
    return this.#cookies
  }

  /** Read once from a copy, so `request` stays readable; rejects when the body was consumed before the first call. */
  bodyText(): Promise<string> {
    return (this.#bodyText ??= this.#readBodyText())
  }

  async #readBodyText(): Promise<string> {
    const known = this.#knownBodyText
    if (known === undefined) return this.request.clone().text()
    // Same outcome as copying a consumed body, whichever source the request came from.
    if (this.request.bodyUsed) throw new TypeError('The request body was already read.')
    return known
  }

  fork(request: Request): RequestContext {
    return new RequestContext(this.exchange, this.scope, this.readExtraCookies, request)
  }
}
