import { HANDLER_BRAND, type ExchangeKind, type Handler, type HandlerInfo, type IndexKey } from './contracts.js'
import type { RequestContext } from './request-context.js'

export type { HandlerInfo } from './contracts.js'

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
 * The base of every HTTP handler (REST, GraphQL, mocks): the brand, and usage
 * limits (`once`, `times(n)`) claimed by the runtime between `match` and
 * `respond`, so that concurrent requests never over-use a handler and never
 * wait for each other's matching.
 */
export abstract class RequestHandler<Match = unknown> implements Handler<Match, RequestContext> {
  readonly kind: ExchangeKind = 'http'
  abstract readonly info: HandlerInfo
  abstract readonly indexKey: IndexKey

  /** How many requests this handler may answer; `Infinity` unless limited. */
  protected limit: number
  #uses = 0

  constructor(options: HandlerOptions = {}) {
    this.limit = options.once === true ? 1 : Number.POSITIVE_INFINITY
  }

  /**
   * As msw 2: true once the handler has answered a request; for a limited
   * handler (`once`, `times(n)`), once it has answered as many as it may.
   * Read by tools that list the handlers a test never used.
   */
  get isUsed(): boolean {
    return this.limit === Number.POSITIVE_INFINITY ? this.#uses > 0 : this.#uses >= this.limit
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
   * Whether this handler takes the request, and what `respond` needs: cheap and
   * side-effect free (it may read the body, which every handler shares).
   * `undefined` means "not mine".
   */
  abstract match(context: RequestContext): Match | undefined | Promise<Match | undefined>

  /**
   * Answers a request `match` accepted. Return `undefined` to fall through.
   * Throwing makes the client receive a 500 (a thrown Response is the answer).
   */
  abstract respond(match: Match, context: RequestContext): HandlerResult | Promise<HandlerResult>
}

// Once, on the prototype: a property defined on each instance makes creating a handler measurably dearer (bench/results.md).
brandAsHandler(RequestHandler.prototype)

/**
 * True for any mocklib handler, whichever copy or build of mocklib made it.
 *
 * @example
 * isHandler(http.get('/x', () => undefined)) // true
 */
export function isHandler(value: unknown): value is Handler {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[HANDLER_BRAND] === true
}

/**
 * Gives `target` the handler brand `isHandler` checks (for handlers that do
 * not extend `RequestHandler`, such as WebSocket handlers).
 *
 * @example
 * constructor() { brandAsHandler(this) }
 */
export function brandAsHandler(target: object): void {
  Object.defineProperty(target, HANDLER_BRAND, { value: true })
}
