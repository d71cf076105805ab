import type { Exchange, ExchangeSink, Source, WebSocketExchange } from './contracts.js'
import { message } from './errors.js'
import { answerInChain } from './http-flow.js'
import { startSources, stopSources, type Runtime, type RuntimeStartOptions } from './runtime.js'

/**
 * The runtimes that intercept at the same time (several listening servers)
 * over one set of sources: the sources patch the process's clients once,
 * when the first runtime starts, and are restored when the last one stops;
 * however many runtimes listen, nothing is patched twice.
 */
export interface RuntimeStack {
  /** The listening runtimes, newest first. */
  readonly runtimes: readonly Runtime[]
  /** Starts `runtime` as the newest: it is asked first, and its unhandled-request policy decides. */
  start(runtime: Runtime, options: RuntimeStartOptions): void
  /** Stops `runtime`; the others go on exactly as before. Harmless when it is not listening. */
  stop(runtime: Runtime): void
}

/**
 * Creates a stack whose runtimes share `sources` (built when the first
 * runtime starts).
 *
 * @example
 * const stack = createRuntimeStack(() => [nodeHttpSource])
 * stack.start(runtime, { onUnhandledRequest: 'error' })
 * stack.stop(runtime)
 */
export function createRuntimeStack(sources: () => readonly Source[]): RuntimeStack {
  // Replaced, never mutated: an exchange on its way keeps the list it started with.
  let runtimes: readonly Runtime[] = []
  let stops: (() => void)[] | undefined

  const sink: ExchangeSink = (exchange: Exchange) => {
    const current = runtimes
    if (current.length === 0) return sendOnUnseen(exchange)
    if (exchange.kind === 'http') return answerInChain(current, exchange)
    return current.length === 1 ? current[0]!.handle(exchange) : answerConnectionInChain(current, exchange)
  }

  return {
    get runtimes() {
      return runtimes
    },
    start(runtime, options) {
      if (runtimes.includes(runtime)) return
      stops ??= startSources(sources(), sink)
      runtime.start(options)
      runtimes = [runtime, ...runtimes]
    },
    stop(runtime) {
      if (!runtimes.includes(runtime)) return
      runtime.stop()
      runtimes = runtimes.filter((listening) => listening !== runtime)
      if (runtimes.length > 0 || stops === undefined) return
      stopSources(stops)
      stops = undefined
    },
  }
}

/**
 * Offers one WebSocket connection to several runtimes, newest first, until
 * the handlers of one take it (older runtimes then never see it). When none
 * does, each runtime's history records it unhandled and the newest runtime's
 * `onUnhandledRequest` decides, once.
 */
async function answerConnectionInChain(runtimes: readonly Runtime[], exchange: WebSocketExchange): Promise<void> {
  try {
    const offers = []
    for (const runtime of runtimes) {
      if (!runtime.running) continue
      const offer = await runtime.offer(exchange)
      if (offer.taken) {
        offer.tell()
        return exchange.accept()
      }
      offers.push(offer)
    }
    for (const offer of offers) offer.tell()
    if (offers[0] === undefined) exchange.passthrough()
    else offers[0].decline()
  } catch (error) {
    console.error(message('An internal error stopped this connection; please report it.'), error)
    exchange.errorWith(error instanceof Error ? error : new Error(String(error)))
  }
}

/** An exchange a source delivered after the last runtime stopped: it goes on as if never intercepted. */
async function sendOnUnseen(exchange: Exchange): Promise<void> {
  if (exchange.kind === 'http') await exchange.passthrough(false)
  else exchange.passthrough()
}
