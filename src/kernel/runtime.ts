import type { AnswerCheck } from './answer-check.js'
import type { Exchange, ExchangeSink, HttpExchange, Source, StartingSource, WebSocketExchange } from './contracts.js'
import { asError } from './errors.js'
import { LifecycleEmitter, type TrafficObserver } from './events.js'
import { createHttpFlow, type HttpTurn } from './http-flow.js'
import type { ScopeStore } from './scope-store.js'
import { runSteps, step, type Steps } from './steps.js'
import type { UnhandledRequestStrategy } from './unhandled-report.js'
import { acceptLateErrors } from './websocket-dispatch.js'
import { createWebSocketFlow, type ConnectionOffer } from './websocket-flow.js'

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
  /** Runs `exchange` through this runtime's handlers without settling it (see `answerInChain`). @internal */
  visit(exchange: HttpExchange): Steps<HttpTurn>
  /** Offers a WebSocket connection to this runtime's handlers without settling it (see `answerConnectionInChain`). @internal */
  offer(exchange: WebSocketExchange): ConnectionOffer | Promise<ConnectionOffer>
  /** Starts the sources; a promise only when one of them must wait (see `StartingSource`). */
  start(options?: RuntimeStartOptions): void | Promise<void>
  /** Stops the sources, newest first; a promise only when one of them must wait. */
  stop(): void | Promise<void>
}

/**
 * Creates a runtime. Nothing is intercepted until `start()`. Each kind of
 * exchange has its flow (a flow file): a new kind is a new flow and a case here.
 *
 * @example
 * const runtime = createRuntime({ store: createAsyncScopeStore(new HandlerScope(handlers)), sources: nodeSources() })
 * runtime.start({ onUnhandledRequest: 'error' })
 */
export function createRuntime(options: RuntimeOptions): Runtime {
  const { store, sources } = options
  const emitter = new LifecycleEmitter()
  let stops: SourceStop[] | undefined
  acceptLateErrors(store.root, (info, error) => emitter.emit('unhandledException', { request: info.request, requestId: info.requestId, error: asError(error) }))

  const runtime: Runtime = {
    emitter,
    observers: new Set(),
    answerChecks: new Set(),
    store,
    onUnhandledRequest: 'warn',
    get running() {
      return stops !== undefined
    },
    handle: (exchange) => (exchange.kind === 'http' ? http.handle(exchange) : websocket.handle(exchange)),
    visit: (exchange) => http.visit(exchange),
    offer: (exchange) => websocket.visit(exchange),
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
  // The flows read the runtime's policy when they decide: start() sets it.
  const http = createHttpFlow(runtime, options)
  const websocket = createWebSocketFlow(runtime, options)
  return runtime
}

/** What stops one started source; a source that must wait to stop returns a promise. */
export type SourceStop = () => void | Promise<void>

/**
 * Starts `sources` in order, each once the one before it intercepts (the
 * page's WebSocket patch comes after its request interception, which may
 * wait for a Service Worker). Sources that start at once start within this
 * call, with no promise. When one fails, those already started are stopped,
 * newest first, and its failure is thrown (or rejects).
 *
 * @example
 * const starting = startSources(sources, runtime.handle)
 * const stops = starting instanceof Promise ? await starting : starting
 */
export function startSources(sources: readonly Source[], sink: ExchangeSink): (() => void)[]
export function startSources(sources: readonly (Source | StartingSource)[], sink: ExchangeSink): SourceStop[] | Promise<SourceStop[]>
export function startSources(sources: readonly (Source | StartingSource)[], sink: ExchangeSink): SourceStop[] | Promise<SourceStop[]> {
  return runSteps(startSteps(sources, sink))
}

function* startSteps(sources: readonly (Source | StartingSource)[], sink: ExchangeSink): Steps<SourceStop[]> {
  const started: SourceStop[] = []
  try {
    for (const source of sources) started.push(yield* step(source.start(sink)))
  } catch (error) {
    yield* step(stopSources(started))
    throw error
  }
  return started
}

/**
 * Stops started sources, newest first, each once the one after it stopped.
 * Sources that stop at once stop within this call, with no promise.
 *
 * @example
 * await stopSources(stops)
 */
export function stopSources(stops: readonly SourceStop[]): void | Promise<void> {
  return runSteps(stopSteps(stops))
}

function* stopSteps(stops: readonly SourceStop[]): Steps<void> {
  for (let index = stops.length - 1; index >= 0; index--) yield* step(stops[index]!())
}
