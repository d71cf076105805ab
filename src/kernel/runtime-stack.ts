import type { Exchange, ExchangeSink, Source } from './contracts.js'
import { message } from './errors.js'
import { onFirstUse } from './on-first-use.js'
import type { Runtime, RuntimeStartOptions } from './runtime.js'
import { startSources, stopSources } from './source-lifecycle.js'

/**
 * How several listening runtimes share an exchange: loaded when a second
 * runtime starts (most processes never run two servers at once); an exchange
 * that comes before the load ends waits for it.
 */
const chain = onFirstUse(
  () => import('./runtime-chain.js'),
  (error) => new Error(message(`The code that asks several listening servers in turn could not be loaded (${String(error)}), so this request failed rather than going to the network unchecked.`, 'If mocklib is bundled, keep the chunks it imports next to it.')),
)

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
    // One runtime (the usual case) costs what it did alone: no chain, no allocation.
    if (current.length === 1) return current[0]!.handle(exchange)
    if (current.length === 0) return sendOnUnseen(exchange)
    // A bypass() request is no handler's business: the newest reports it, as one runtime would.
    if (exchange.kind === 'http' && exchange.bypassed === true) return current[0]!.handle(exchange)
    return inChain(current, exchange)
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
      // Started now, so that the first exchange the runtimes share normally finds it loaded.
      if (runtimes.length > 1) chain.load().catch(() => {})
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

/** Hands `exchange` to the chain of `runtimes`: synchronously once the chain is loaded; a failed load fails the exchange. */
function inChain(runtimes: readonly Runtime[], exchange: Exchange): Promise<void> {
  const loaded = chain.loaded
  if (loaded !== undefined) return ask(loaded, runtimes, exchange)
  return chain.load().then(
    (loaded) => ask(loaded, runtimes, exchange),
    (error: Error) => {
      console.error(error)
      exchange.errorWith(error)
    },
  )
}

function ask(loaded: typeof import('./runtime-chain.js'), runtimes: readonly Runtime[], exchange: Exchange): Promise<void> {
  return exchange.kind === 'websocket' ? loaded.answerConnectionInChain(runtimes, exchange) : loaded.answerInChain(runtimes, exchange)
}

/** An exchange a source delivered after the last runtime stopped: it goes on as if never intercepted. */
async function sendOnUnseen(exchange: Exchange): Promise<void> {
  if (exchange.kind === 'http') await exchange.passthrough(false)
  else exchange.passthrough()
}
