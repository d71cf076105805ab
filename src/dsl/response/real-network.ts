import { BYPASS_HEADER, bypassValue, markPassthrough, message } from '../../kernel/index.js'
import { HttpResponse } from './http-response.js'

/**
 * Lets this request reach the network as it is. Unlike returning nothing, later handlers are not tried.
 *
 * @example
 * http.get('/health', () => passthrough())
 */
export function passthrough(): HttpResponse<any> {
  return markPassthrough(new HttpResponse(null, { status: 302, statusText: 'Passthrough' }))
}

/**
 * A request no handler sees, to reach the real network from a resolver (to patch a real response, say).
 * Throws when the input request's body was already read.
 *
 * @example
 * http.get('/user', async ({ request }) => {
 *   const real = await fetch(bypass(request))
 *   return HttpResponse.json({ ...(await real.json()), mocked: true })
 * })
 */
// `Request`'s own parameter type: the published types need no DOM lib.
export function bypass(input: ConstructorParameters<typeof Request>[0], init?: RequestInit): Request {
  if (input instanceof Request && input.bodyUsed) {
    throw new TypeError(
      message('bypass() got a request whose body was already read.', 'Call bypass() before reading the body, or pass `request.clone()`.'),
    )
  }
  const request = new Request(input instanceof Request ? input.clone() : input, init)
  request.headers.set(BYPASS_HEADER, bypassValue())
  return request
}
