/**
 * Put on a request no handler may see (`bypass()`, mocklib's own calls), removed before the network. Here, not
 * in the kernel: the worker script is built from this folder alone. @internal
 */
export const BYPASS_HEADER = 'x-mocklib-bypass'

/** What goes to the network: a copy without the header, or the request itself when it has none. */
export function withoutBypassHeader(request: Request): Request {
  if (!request.headers.has(BYPASS_HEADER)) return request
  const headers = new Headers(request.headers)
  headers.delete(BYPASS_HEADER)
  return new Request(request, { headers })
}
