import { HttpRequestInterceptor } from '@mswjs/interceptors/http'
import { BYPASS_HEADER } from '../passthrough.js'
import type { MockingCore } from '../mocking-core.js'
import { isOwnNetworkCall } from './own-network-call.js'

/**
 * The socket-level layer: catches node:http/https, undici's own request and
 * fetch, axios, and anything else that opens a TCP socket from Node.
 * Returns the function that restores every patched module.
 */
export function interceptSockets(core: MockingCore, options: { skipGlobalFetch: boolean }): () => void {
  const interceptor = new HttpRequestInterceptor()
  interceptor.on('request', async ({ request, requestId, controller }) => {
    if (isOwnNetworkCall()) return
    if (request.headers.has(BYPASS_HEADER)) {
      request.headers.delete(BYPASS_HEADER)
      return
    }
    const resolution = await core.resolve(request, requestId)
    if (resolution.kind === 'mocked') controller.respondWith(resolution.response)
    else if (resolution.kind === 'error') controller.errorWith(resolution.error)
  })
  interceptor.on('response', ({ response, responseType, request, requestId }) => {
    if (responseType === 'mock' || (options.skipGlobalFetch && isOwnNetworkCall())) return
    core.emitter.emit('response:bypass', { request, requestId, response })
  })
  interceptor.apply()
  return () => interceptor.dispose()
}
