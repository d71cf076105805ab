import { markPassthrough } from '../../kernel/index.js'
import { HttpResponse } from './http-response.js'

/**
 * Answers "let this request reach the network as it is". Unlike returning
 * nothing, it stops the lookup: later handlers are not tried.
 *
 * @example
 * http.get('/health', () => passthrough())
 */
export function passthrough(): HttpResponse<any> {
  return markPassthrough(new HttpResponse(null, { status: 302, statusText: 'Passthrough' }))
}
