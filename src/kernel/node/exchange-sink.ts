import type { HttpExchange } from '../contracts.js'
import type { MockingCore } from '../mocking-core.js'

/** Where the Node sources hand their exchanges: the runtime's sink. */
export type HttpSink = (exchange: HttpExchange) => Promise<void>

/**
 * The one place where the Node sources meet the core. Today it drives the
 * first kernel's `core.resolve()` and reports real responses itself; once the
 * runtime takes exchanges, this becomes `(exchange) => runtime.handle(exchange)`
 * (the runtime then reports real responses through `passthrough()`).
 *
 * @example
 * const sink = sinkOf(core)
 * await sink({ kind: 'http', id, request, respondWith, passthrough, errorWith })
 */
export function sinkOf(core: MockingCore): HttpSink {
  return async (exchange) => {
    const { request, id: requestId } = exchange
    // bypass() requests skip the handlers; the first core knows them by their header.
    const resolution = exchange.bypassed ? { kind: 'passthrough' as const } : await core.resolve(request, requestId)
    if (resolution.kind === 'mocked') return exchange.respondWith(resolution.response)
    if (resolution.kind === 'error') return exchange.errorWith(resolution.error)
    const real = await exchange.passthrough()
    if (real !== undefined && core.emitter.has('response:bypass')) core.emitter.emit('response:bypass', { request, requestId, response: real })
  }
}
