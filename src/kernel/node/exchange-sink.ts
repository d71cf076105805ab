import type { HttpExchange } from '../contracts.js'

/**
 * Where the Node HTTP sources hand their exchanges: the runtime's sink
 * (`Runtime.handle`), which answers through the exchange and reports real
 * responses itself (through `passthrough(report)`).
 *
 * @example
 * const stop = interceptSockets(runtime.handle)
 */
export type HttpSink = (exchange: HttpExchange) => Promise<void>
