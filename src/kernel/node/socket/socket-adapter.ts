// A static import, so bundlers see the dependency; this module is reached only through the `import()`
// in socket-layer-on-demand.ts, which bundlers follow too.
import { HttpRequestInterceptor } from '@mswjs/interceptors/http'
import type { HttpExchange } from '../../contracts.js'
import { asError } from '../../errors.js'
import { BYPASS_HEADER, bypassMarkOf } from '../../passthrough.js'
import type { HttpSink } from '../http-layer.js'

// The bypass mark travels with the request, not the async context: a pooled socket keeps the context it
// was opened in, whoever's request it carries next.
export function interceptSockets(sink: HttpSink): () => void {
  const interceptor = new HttpRequestInterceptor()
  const awaitingResponse = new Map<string, (response: Response | undefined) => void>()
  interceptor.on('request', async ({ request, requestId, controller }) => {
    const mark = bypassMarkOf(request)
    if (mark !== undefined) request.headers.delete(BYPASS_HEADER)
    if (mark === 'own') return
    // The interceptor sends the request on once this listener returns without answering.
    await new Promise<void>((decided) => {
      let settled = false
      const settle = () => {
        if (settled) return false
        settled = true
        decided()
        return true
      }
      const exchange: HttpExchange = {
        kind: 'http',
        id: requestId,
        request,
        bypassed: mark === 'bypass',
        respondWith(response) {
          if (settle()) whileOpen(() => controller.respondWith(response))
        },
        errorWith(error) {
          if (settle()) whileOpen(() => controller.errorWith(error))
        },
        passthrough(report) {
          if (!settle() || report !== true) return Promise.resolve(undefined)
          return new Promise((resolve) => awaitingResponse.set(requestId, resolve))
        },
      }
      // On the next microtask: an answer given from inside this listener call made an unhandled
      // request fail with "socket hang up" instead of its own error.
      queueMicrotask(() => {
        sink(exchange).catch((error: unknown) => {
          if (settle()) whileOpen(() => controller.errorWith(asError(error)))
        })
      })
    })
  })
  interceptor.on('response', ({ response, responseType, requestId }) => {
    const resolve = awaitingResponse.get(requestId)
    if (resolve === undefined || responseType === 'mock') return
    awaitingResponse.delete(requestId)
    resolve(response)
  })
  interceptor.apply()
  return () => {
    interceptor.dispose()
    for (const resolve of awaitingResponse.values()) resolve(undefined)
    awaitingResponse.clear()
  }
}

// A client that gave up on the request while the handlers worked has nobody left to answer: the controller throws.
function whileOpen(answer: () => void): void {
  try {
    answer()
  } catch (error) {
    if (!(error instanceof Error && error.name === 'InterceptorError')) throw error
  }
}
