import { HANDLER_BRAND, type ExchangeKind, type Handler, type HandlerInfo, type IndexKey } from './contracts.js'
import type { RequestContext } from './request-context.js'

/**
 * Options every handler factory accepts.
 *
 * @example
 * http.get('/token', resolver, { once: true })
 */
export interface HandlerOptions {
  /** Answer one request only, then be skipped until `restoreHandlers()`. */
  readonly once?: boolean
}

/**
 * A Response, or `undefined` to let the next handler try ("fall through").
 *
 * @example
 * const answer: HandlerResult = HttpResponse.json({ ok: true })
 */
export type HandlerResult = Response | undefined

/**
 * The base of every HTTP handler (REST, GraphQL, mocks): the brand and the usage limits (`once`, `times(n)`).
 *
 * @example
 * server.listHandlers().filter((handler) => handler instanceof RequestHandler && !handler.isUsed)
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

  /** As msw 2: true once it answered a request (a limited handler: as many as it may). */
  get isUsed(): boolean {
    return this.limit === Number.POSITIVE_INFINITY ? this.#uses > 0 : this.#uses >= this.limit
  }

  /** Requests answered since it was created or restored. */
  get useCount(): number {
    return this.#uses
  }

  /** Reserves one use; false when the handler is used up. @internal */
  claim(): boolean {
    if (this.#uses >= this.limit) return false
    this.#uses++
    return true
  }

  /** Gives back a use reserved by `claim`. @internal */
  unclaim(): void {
    this.#uses--
  }

  /** Re-arms the handler (`restoreHandlers()`). */
  restore(): void {
    this.#uses = 0
  }

  /** What `respond` needs, or `undefined` ("not mine"); side-effect free. */
  abstract match(context: RequestContext): Match | undefined | Promise<Match | undefined>

  /** `undefined` falls through; throwing answers 500 (a thrown Response is the answer). */
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

export function brandAsHandler(target: object): void {
  Object.defineProperty(target, HANDLER_BRAND, { value: true })
}
