import { BYPASS_HEADER } from '../../kernel/index.js'
import type { RequestAnswerer } from './request-answerer.js'

/**
 * The fallback where no Service Worker can run: patches `fetch` and
 * `XMLHttpRequest` in the page with @mswjs/interceptors (loaded on first use,
 * so pages that use the worker never download it). Returns the function that
 * restores both.
 */
export async function interceptInPage(answerer: RequestAnswerer): Promise<() => void> {
  const [{ FetchInterceptor }, { XMLHttpRequestInterceptor }] = await Promise.all([
    import('@mswjs/interceptors/fetch/web'),
    import('@mswjs/interceptors/XMLHttpRequest/web'),
  ])
  const { core } = answerer
  const interceptors = [new FetchInterceptor(), new XMLHttpRequestInterceptor()]
  for (const interceptor of interceptors) {
    interceptor.on('request', async ({ request, requestId, controller }) => {
      if (request.headers.has(BYPASS_HEADER)) {
        request.headers.delete(BYPASS_HEADER)
        return
      }
      const resolution = await answerer.answer(request, requestId)
      if (resolution.kind === 'mocked') controller.respondWith(resolution.response)
      else if (resolution.kind === 'error') controller.errorWith(resolution.error)
    })
    interceptor.on('response', ({ response, responseType, request, requestId }) => {
      if (responseType !== 'mock') core.emitter.emit('response:bypass', { request, requestId, response })
    })
    interceptor.apply()
  }
  return () => {
    for (const interceptor of interceptors) interceptor.dispose()
  }
}
