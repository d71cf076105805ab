/**
 * The header `bypass()` and mocklib's own network calls put on a request so
 * that no handler sees it. Sources remove it before the request reaches the
 * network; the Service Worker sends such a request on untouched. Here rather
 * than in the kernel: the worker script is built from this folder alone.
 * @internal
 */
export const BYPASS_HEADER = 'x-mocklib-bypass'
