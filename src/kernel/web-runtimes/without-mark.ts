import { BYPASS_HEADER } from '../passthrough.js'

/**
 * `request` as the network must see it: without the header that marks mocklib's own calls and `bypass()`.
 *
 * @example
 * realFetch(withoutMark(request))
 */
export function withoutMark(request: Request): Request {
  if (!request.headers.has(BYPASS_HEADER)) return request
  const headers = new Headers(request.headers)
  headers.delete(BYPASS_HEADER)
  return new Request(request, { headers })
}
