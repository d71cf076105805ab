import { BYPASS_HEADER, OWN_CALL } from '../passthrough.js'
import type { MockingCore } from '../mocking-core.js'
import { loadHttpRequestInterceptor } from './load-interceptors.js'

/**
 * The socket-level layer: catches node:http/https, undici's own request and
 * fetch, axios, and anything else that opens a TCP socket from Node.
 * Returns the function that restores every patched module.
 *
 * Requests marked with `BYPASS_HEADER` (by `bypass()`, or by the fetch fast
 * path for its own passthrough calls) go to the network unresolved. The mark
 * travels with the request rather than with the async context: a pooled socket
 * keeps the context it was opened in, so context says nothing about whose
 * request it carries next.
 */
export function interceptSockets(core: MockingCore): () => void {
  const HttpRequestInterceptor = loadHttpRequestInterceptor()
  const interceptor = new HttpRequestInterceptor()
  const reportedElsewhere = new WeakSet<Request>()
  interceptor.on('request', async ({ request, requestId, controller }) => {
    const mark = request.headers.get(BYPASS_HEADER)
    if (mark !== null) {
      request.headers.delete(BYPASS_HEADER)
      if (mark === OWN_CALL) reportedElsewhere.add(request)
      return
    }
    const resolution = await core.resolve(request, requestId)
    if (resolution.kind === 'mocked') controller.respondWith(resolution.response)
    else if (resolution.kind === 'error') controller.errorWith(resolution.error)
  })
  interceptor.on('response', ({ response, responseType, request, requestId }) => {
    if (responseType === 'mock' || reportedElsewhere.has(request)) return
    core.emitter.emit('response:bypass', { request, requestId, response })
  })
  interceptor.apply()
  return () => interceptor.dispose()
}
