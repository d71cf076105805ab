import type { Exchange, ExchangeSink, Source, WebSocketExchange } from './contracts.js'
import { failInternally } from './errors.js'
import { answerInChain } from './http-flow.js'
import { startSources, stopSources, type Runtime, type RuntimeStartOptions } from './runtime.js'

/** Several listening runtimes over one set of sources, patched when the first starts and restored when the last stops. */
export interface RuntimeStack {
  /** Newest first. */
  readonly runtimes: readonly Runtime[]
  start(runtime: Runtime, options: RuntimeStartOptions): void
  stop(runtime: Runtime): void
}

export function createRuntimeStack(sources: () => readonly Source[]): RuntimeStack {
  // Replaced, never mutated: an exchange on its way keeps the list it started with.
  let runtimes: readonly Runtime[] = []
  let stops: (() => void)[] | undefined

  const sink: ExchangeSink = (exchange) => {
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

/** Newest first, until one runtime's handlers take it; when none does, the newest's policy decides, once. */
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
    failInternally(exchange, error)
  }
}

// Delivered after the last runtime stopped: it goes on as if never intercepted.
async function sendOnUnseen(exchange: Exchange): Promise<void> {
  if (exchange.kind === 'http') await exchange.passthrough(false)
  else exchange.passthrough()
}
