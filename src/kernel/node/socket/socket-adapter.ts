// A static import, so that bundlers (Next.js/Turbopack, webpack, esbuild) see the dependency (a
// `createRequire` call hid it and failed once bundled); this module is reached only through the
// `import()` in socket-layer-on-demand.ts, which bundlers follow too.
import { HttpRequestInterceptor } from '@mswjs/interceptors/http'
import type { HttpExchange } from '../../contracts.js'
import { BYPASS_HEADER, bypassMarkOf } from '../../passthrough.js'
import type { HttpSink } from '../http-layer.js'

/**
 * The socket-level layer: catches node:http/https, undici's own request and
 * fetch, axios, and anything else that opens a TCP socket from Node, and turns
 * each request into an exchange. Returns the function that restores every
 * patched module.
 *
 * Requests marked with `BYPASS_HEADER` (by `bypass()`, or by a higher source
 * for its own passthrough calls) go to the network unresolved. The mark
 * travels with the request rather than with the async context: a pooled socket
 * keeps the context it was opened in, so context says nothing about whose
 * request it carries next.
 *
 * @example
 * const stop = interceptSockets(runtime.handle)
 */
export function interceptSockets(sink: HttpSink): () => void {
  const interceptor = new HttpRequestInterceptor()
  // Exchanges sent to the network, waiting for their real response.
  const awaitingResponse = new Map<string, (response: Response | undefined) => void>()
  interceptor.on('request', async ({ request, requestId, controller }) => {
    const mark = bypassMarkOf(request)
    if (mark !== undefined) request.headers.delete(BYPASS_HEADER)
    // Mocklib's own network call: already resolved and reported by the source above.
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
      // Handed over on the next microtask: a plain handler answers synchronously, and an
      // answer given from inside this listener call made an unhandled request fail with
      // "socket hang up" instead of its own error.
      queueMicrotask(() => {
        sink(exchange).catch((error: unknown) => {
          if (settle()) whileOpen(() => controller.errorWith(error instanceof Error ? error : new Error(String(error))))
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

/**
 * Answers through the interceptor's controller unless the client already gave
 * up on the request (aborted or destroyed it while the handlers worked): the
 * controller then refuses any answer, and there is nobody left to answer.
 */
function whileOpen(answer: () => void): void {
  try {
    answer()
  } catch (error) {
    if (!(error instanceof Error && error.name === 'InterceptorError')) throw error
  }
}
