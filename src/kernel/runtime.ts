import type { Exchange, ExchangeSink, HttpExchange, Source, StartingSource, WebSocketExchange } from './contracts.js'
import { asError } from './errors.js'
import { LifecycleEmitter } from './events.js'
import type { FlowOptions, FlowShared } from './exchange-flow.js'
import { createHttpFlow, type HttpTurn } from './http-flow.js'
import type { ScopeStore } from './scope-store.js'
import { runSteps, step, type Steps } from './steps.js'
import type { UnhandledRequestStrategy } from './unhandled-report.js'
import { acceptLateErrors } from './websocket-dispatch.js'
import { createWebSocketFlow, type ConnectionOffer } from './websocket-flow.js'

export interface RuntimeOptions extends FlowOptions {
  readonly store: ScopeStore
  readonly sources: readonly (Source | StartingSource)[]
}

export interface RuntimeStartOptions {
  readonly onUnhandledRequest?: UnhandledRequestStrategy
}

/** The one core `setupServer`, `setupWorker` and the others compose; every real response is reported here, once. */
export interface Runtime extends FlowShared {
  readonly running: boolean
  onUnhandledRequest: UnhandledRequestStrategy
  /** Never rejects. */
  handle(exchange: Exchange): Promise<void>
  /** Runs the handlers without settling (see `answerInChain`). */
  visit(exchange: HttpExchange): Steps<HttpTurn>
  /** Offers a connection to the handlers without settling (see `answerConnectionInChain`). */
  offer(exchange: WebSocketExchange): Promise<ConnectionOffer>
  /** A promise only when a source must wait (see `StartingSource`); so is `stop`'s. */
  start(options?: RuntimeStartOptions): void | Promise<void>
  stop(): void | Promise<void>
}

/** Nothing is intercepted until `start()`. */
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
  const http = createHttpFlow(runtime, options)
  const websocket = createWebSocketFlow(runtime)
  return runtime
}

type SourceStop = () => void | Promise<void>

/** Each source starts once the one before it intercepts (the page's WebSocket patch waits for a Service Worker); when one fails, those started are stopped. */
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

/** Newest first, each once the one after it stopped. */
export function stopSources(stops: readonly SourceStop[]): void | Promise<void> {
  return runSteps(stopSteps(stops))
}

function* stopSteps(stops: readonly SourceStop[]): Steps<void> {
  for (let index = stops.length - 1; index >= 0; index--) yield* step(stops[index]!())
}
