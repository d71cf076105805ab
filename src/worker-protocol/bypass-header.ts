/**
 * Put on a request no handler may see (`bypass()`, mocklib's own calls), removed before the network. Here, not
 * in the kernel: the worker script is built from this folder alone. @internal
 */
export const BYPASS_HEADER = 'x-mocklib-bypass'
