import type { CompletedExchange as KernelCompletedExchange } from '../../kernel/index.js'

/**
 * What recording reads of a completed exchange (the runtime's report, less
 * the scope it was made in, which only `recordRuntime` looks at).
 */
export type CompletedExchange = Omit<KernelCompletedExchange, 'scope'>
