import type { AnswerCheck } from './answer-check.js'
import type { Exchange, ExchangeKind } from './contracts.js'
import { message } from './errors.js'
import type { LifecycleEmitter } from './events.js'
import type { ScopeStore } from './scope-store.js'
import type { TrafficObserver } from './traffic-observer.js'
import type { UnhandledPolicyOptions, UnhandledRequestStrategy } from './unhandled-policy.js'

/**
 * The runtime as its flows see it: its events, observers, answer checks,
 * scopes, and its unhandled-request policy (read when a flow decides, since
 * `start()` sets it). The runtime passes itself.
 */
export interface FlowShared {
  readonly emitter: LifecycleEmitter
  readonly observers: Set<TrafficObserver>
  readonly answerChecks: Set<AnswerCheck>
  readonly store: ScopeStore
  readonly onUnhandledRequest: UnhandledRequestStrategy
}

/** How the runtime was put together, as its flows need it (a `RuntimeOptions`). */
export interface FlowOptions extends UnhandledPolicyOptions {
  /** Extra cookies for a request (the page's cookies in a browser); `undefined` for none. */
  readonly readCookies?: ((request: Request) => Record<string, string> | undefined) | undefined
}

/**
 * How a runtime answers one kind of exchange: alone (`handle`), or as one of
 * several runtimes that answer it in turn (`visit`, which runs the handlers
 * and leaves the settling to the chain: see runtime-chain.ts). Each kind has
 * one flow file with this shape; the runtime picks the flow by
 * `exchange.kind` in its table (runtime.ts).
 *
 * @example
 * const createSseFlow: FlowFactory<SseExchange, SseVisit> = (runtime, options) => ({
 *   handle: async (exchange) => { … },
 *   visit: async (exchange) => { … },
 * })
 */
export interface ExchangeFlow<Kind extends Exchange, Visit> {
  /** Answers the exchange with this runtime alone. Never rejects. */
  handle(exchange: Kind): Promise<void>
  /** Runs the exchange through this runtime's handlers without settling it. Rejects only on a fault of mocklib itself. */
  visit(exchange: Kind): Visit | Promise<Visit>
}

/** Builds a runtime's flow for one kind of exchange. */
export type FlowFactory<Kind extends Exchange, Visit> = (runtime: FlowShared, options: FlowOptions) => ExchangeFlow<Kind, Visit>

/** The exchange of one kind. */
export type ExchangeOfKind<Kind extends ExchangeKind> = Extract<Exchange, { readonly kind: Kind }>

/**
 * What was thrown, as an `Error` (a resolver may throw anything).
 *
 * @example
 * emitter.emit('unhandledException', { request, requestId, error: asError(thrown) })
 */
export function asError(thrown: unknown): Error {
  return thrown instanceof Error ? thrown : new Error(String(thrown))
}

/**
 * A fault of mocklib itself: fail this exchange loudly, keep every other one working.
 *
 * @example
 * try { await answer(exchange) } catch (error) { failInternally(exchange, error) }
 */
export function failInternally(exchange: Exchange, error: unknown): void {
  console.error(message('An internal error stopped this request; please report it.'), error)
  exchange.errorWith(asError(error))
}
