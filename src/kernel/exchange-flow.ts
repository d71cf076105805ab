import type { AnswerCheck } from './answer-check.js'
import type { Exchange } from './contracts.js'
import type { LifecycleEmitter, TrafficObserver } from './events.js'
import type { ScopeStore } from './scope-store.js'
import type { UnhandledRequestStrategy } from './unhandled-report.js'

/** The runtime as its flows see it; `onUnhandledRequest` is read when a flow decides, as `start()` sets it. */
export interface FlowShared {
  readonly emitter: LifecycleEmitter
  readonly observers: Set<TrafficObserver>
  readonly answerChecks: Set<AnswerCheck>
  readonly store: ScopeStore
  readonly onUnhandledRequest: UnhandledRequestStrategy
}

export interface FlowOptions {
  /** Extra cookies for a request (the page's cookies in a browser, a cookie jar). */
  readonly readCookies?: ((request: Request) => Record<string, string> | undefined) | undefined
}

/** How a runtime answers one kind of exchange: alone (`handle`), or in a chain (`visit` runs the handlers, the chain settles). */
export interface ExchangeFlow<Kind extends Exchange, Visit> {
  /** Never rejects. */
  handle(exchange: Kind): Promise<void>
  /** Rejects only on a fault of mocklib itself. */
  visit(exchange: Kind): Visit
}
