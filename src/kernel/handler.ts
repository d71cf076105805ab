import type { IndexKey } from './channel.js'
import type { RequestContext } from './request-context.js'

/** What a handler looks like in messages and in `listHandlers()`. */
export interface HandlerInfo {
  /** The family of the handler: `'http'`, `'graphql'`, `'mock'`… */
  readonly kind: string
  /** A one-line description, such as `GET /posts/:id`. */
  readonly header: string
}

/** Options every handler factory accepts. */
export interface HandlerOptions {
  /** Answer one request only, then be skipped until `restoreHandlers()`. */
  readonly once?: boolean
}

/**
 * What a handler answers: a Response, or `undefined` to let the next handler try
 * ("fall through"). A Response marked by `passthrough()` sends the request on to
 * the network.
 */
export type HandlerResult = Response | undefined

/**
 * The contract between the kernel and every kind of handler.
 *
 * The kernel knows a handler only through `indexKey` (where to file it, so that
 * requests it can never match skip it for free) and `handle` (match and resolve).
 * Usage limits (`once`, `times(n)`) are claimed synchronously before `handle`
 * runs so that concurrent requests never over-use a handler.
 */
export abstract class RequestHandler {
  abstract readonly info: HandlerInfo
  abstract readonly indexKey: IndexKey

  /** How many requests this handler may answer; `Infinity` unless limited. */
  protected limit: number
  #uses = 0

  constructor(options: HandlerOptions = {}) {
    this.limit = options.once === true ? 1 : Number.POSITIVE_INFINITY
  }

  /** True once a limited handler has answered as many requests as it may. */
  get isUsed(): boolean {
    return this.#uses >= this.limit
  }

  /** Number of requests this handler answered since it was created or restored. */
  get useCount(): number {
    return this.#uses
  }

  /** Reserves one use; false when the handler is used up. @internal */
  claim(): boolean {
    if (this.#uses >= this.limit) return false
    this.#uses++
    return true
  }

  /** Gives back a use reserved by `claim` when the handler fell through. @internal */
  unclaim(): void {
    this.#uses--
  }

  /** Re-arms the handler (`restoreHandlers()`). */
  restore(): void {
    this.#uses = 0
  }

  /**
   * Matches and resolves one request. Return `undefined` when the request does
   * not match or the resolver fell through. Throwing makes the client receive a
   * 500 (a thrown Response is used as the answer).
   */
  abstract handle(context: RequestContext): HandlerResult | Promise<HandlerResult>
}
