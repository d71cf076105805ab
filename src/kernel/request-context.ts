import { parseCookieHeader } from './cookies.js'
import type { HandlerScope } from './handler-scope.js'

/**
 * Everything the kernel knows about one intercepted request. The URL and the
 * cookies are parsed at most once, however many handlers look at them, and
 * handlers of one kind can share other parsed data through `memo`.
 */
export class RequestContext {
  readonly method: string
  #url: URL | undefined
  #cookies: Record<string, string> | undefined
  #memo: Map<unknown, unknown> | undefined

  constructor(
    readonly request: Request,
    readonly requestId: string,
    readonly scope: HandlerScope,
    private readonly readExtraCookies?: (request: Request) => Record<string, string>,
  ) {
    this.method = request.method.toUpperCase()
  }

  get url(): URL {
    return (this.#url ??= new URL(this.request.url))
  }

  /** The request's cookies: its `Cookie` header, plus the page's cookies in a browser. */
  get cookies(): Record<string, string> {
    if (this.#cookies === undefined) {
      const fromHeader = parseCookieHeader(this.request.headers.get('cookie'))
      this.#cookies = this.readExtraCookies ? { ...this.readExtraCookies(this.request), ...fromHeader } : fromHeader
    }
    return this.#cookies
  }

  /** Computes a value once per request under `key` (use a module-private object or symbol). */
  memo<T>(key: unknown, compute: (context: RequestContext) => T): T {
    this.#memo ??= new Map()
    if (this.#memo.has(key)) return this.#memo.get(key) as T
    const value = compute(this)
    this.#memo.set(key, value)
    return value
  }
}
