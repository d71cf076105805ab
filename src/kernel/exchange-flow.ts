import type { AnswerCheck } from './answer-check.js'
import type { Exchange } from './contracts.js'
import type { LifecycleEmitter, TrafficObserver } from './events.js'
import type { ScopeStore } from './scope-store.js'
import type { UnhandledPolicyOptions, UnhandledRequestStrategy } from './unhandled-report.js'

// Where websocket-flow.ts takes them from; they live in errors.ts.

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
 * and leaves the settling to the chain). Each kind has one flow file with
 * this shape; the runtime picks the flow by `exchange.kind`.
 *
 * @example
 * const createSseFlow = (runtime: FlowShared, options: FlowOptions): ExchangeFlow<SseExchange, SseVisit> => ({
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
