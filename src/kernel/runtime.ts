import type { AnswerCheck } from './answer-check.js'
import type { Exchange, ExchangeKind, HttpExchange, Source, StartingSource, WebSocketExchange } from './contracts.js'
import { LifecycleEmitter } from './events.js'
import { asError, type ExchangeFlow, type ExchangeOfKind, type FlowFactory } from './exchange-flow.js'
import { createHttpFlow, type HttpVisit } from './http-flow.js'
import type { ScopeStore } from './scope-store.js'
import { startSources, stopSources, type SourceStop } from './source-lifecycle.js'
import type { TrafficObserver } from './traffic-observer.js'
import type { UnhandledRequestStrategy } from './unhandled-policy.js'
import { acceptLateErrors } from './websocket-dispatch.js'
import { createWebSocketFlow, type ConnectionOffer } from './websocket-flow.js'

export type { ConnectionOffer, HttpVisit }

/**
 * The flow of each kind of exchange. A new kind of exchange is a new flow
 * file (the shape of `ExchangeFlow`) and a row here.
 */
const FLOWS = {
  http: createHttpFlow,
  websocket: createWebSocketFlow,
} satisfies { readonly [Kind in ExchangeKind]: FlowFactory<ExchangeOfKind<Kind>, unknown> }

type Flows = { readonly [Kind in ExchangeKind]: ReturnType<(typeof FLOWS)[Kind]> }

/** How a runtime is put together: where its scopes live, and what it intercepts. */
export interface RuntimeOptions {
  readonly store: ScopeStore
  /** Started on `start()`, in this order (each once the one before it intercepts), stopped on `stop()`, newest first. */
  readonly sources: readonly (Source | StartingSource)[]
  /** Extra cookies for a request (the page's cookies in a browser, a cookie jar); `undefined` for none. */
  readonly readCookies?: (request: Request) => Record<string, string> | undefined
  /** Default `true`: `'warn'`/`'error'` never report requests for static assets (see `isCommonAssetRequest`). */
  readonly exemptStaticAssets?: boolean
}

/** Options of `start()`. */
export interface RuntimeStartOptions {
  readonly onUnhandledRequest?: UnhandledRequestStrategy
}

/**
 * The one core both `setupServer` and `setupWorker` compose: it takes the
 * exchanges its sources intercept, runs them through the current scope's
 * handlers, answers through the exchange, emits the lifecycle events, applies
 * the unhandled-request policy, and tells observers (history, recording).
 * Every real response is reported here, once.
 */
export interface Runtime {
  readonly emitter: LifecycleEmitter
  readonly observers: Set<TrafficObserver>
  /** Checks every mocked answer passes before the client gets it (see `AnswerCheck`). */
  readonly answerChecks: Set<AnswerCheck>
  readonly store: ScopeStore
  readonly running: boolean
  onUnhandledRequest: UnhandledRequestStrategy
  /** The sink every source delivers to. Never rejects. */
  handle(exchange: Exchange): Promise<void>
  /**
   * Runs `exchange` through this runtime's handlers without settling it, for
   * an exchange several runtimes answer in turn (see `answerInChain`). Rejects
   * only on a fault of mocklib itself. @internal
   */
  visit(exchange: HttpExchange): HttpVisit | Promise<HttpVisit>
  /** Offers a WebSocket connection to this runtime's handlers without settling it (see `answerConnectionInChain`). @internal */
  offer(exchange: WebSocketExchange): ConnectionOffer | Promise<ConnectionOffer>
  /** Starts the sources; a promise only when one of them must wait (see `StartingSource`). */
  start(options?: RuntimeStartOptions): void | Promise<void>
  /** Stops the sources, newest first; a promise only when one of them must wait. */
  stop(): void | Promise<void>
}

/**
 * Creates a runtime. Nothing is intercepted until `start()`.
 *
 * @example
 * const runtime = createRuntime({ store: createAsyncScopeStore(new HandlerScope(handlers)), sources: nodeSources() })
 * runtime.start({ onUnhandledRequest: 'error' })
 */
export function createRuntime(options: RuntimeOptions): Runtime {
  const { store, sources } = options
  const emitter = new LifecycleEmitter()
  const observers = new Set<TrafficObserver>()
  const answerChecks = new Set<AnswerCheck>()
  let stops: SourceStop[] | undefined
  acceptLateErrors(store.root, (info, error) => emitter.emit('unhandledException', { request: info.request, requestId: info.requestId, error: asError(error) }))

  const runtime: Runtime = {
    emitter,
    observers,
    answerChecks,
    store,
    onUnhandledRequest: 'warn',
    get running() {
      return stops !== undefined
    },
    handle(exchange) {
      return (flows[exchange.kind] as ExchangeFlow<Exchange, unknown>).handle(exchange)
    },
    visit(exchange) {
      return flows.http.visit(exchange)
    },
    offer(exchange) {
      return flows.websocket.visit(exchange)
    },
    start(startOptions = {}) {
      if (stops) return
      runtime.onUnhandledRequest = startOptions.onUnhandledRequest ?? 'warn'
      const starting = startSources(sources, runtime.handle)
      if (!(starting instanceof Promise)) return void (stops = starting)
      return starting.then((started) => void (stops = started))
    },
    stop() {
      if (!stops) return
      const stopping = stopSources(stops)
      stops = undefined
      return stopping
    },
  }
  // Each flow reads the runtime's policy when it decides: start() sets it.
  const flows = createFlows(runtime, options)
  return runtime
}

/** This runtime's flow of each kind, from the table. */
function createFlows(runtime: Runtime, options: RuntimeOptions): Flows {
  const flows: Partial<Record<ExchangeKind, unknown>> = {}
  for (const kind of Object.keys(FLOWS) as ExchangeKind[]) flows[kind] = FLOWS[kind](runtime, options)
  return flows as Flows
}
