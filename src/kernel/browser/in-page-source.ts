import type { ExchangeSink } from '../contracts.js'
import { BYPASS_HEADER, bypassMarkOf } from '../passthrough.js'

/**
 * The in-page source, where no Service Worker can run: patches `fetch` and
 * `XMLHttpRequest` in the page with @mswjs/interceptors (loaded on first use,
 * so pages that use the worker never download it) and hands each request to
 * `sink` as an exchange. Returns the function that restores both.
 */
export async function interceptInPage(sink: ExchangeSink): Promise<() => void> {
  const [{ FetchInterceptor }, { XMLHttpRequestInterceptor }] = await Promise.all([
    import('@mswjs/interceptors/fetch/web'),
    import('@mswjs/interceptors/XMLHttpRequest/web'),
  ])
  const interceptors = [new FetchInterceptor(), new XMLHttpRequestInterceptor()]
  // Passthroughs waiting for their real response (reported by the interceptor's 'response' event).
  const awaitingReports = new Map<string, (response: Response) => void>()
  for (const interceptor of interceptors) {
    interceptor.on('request', ({ request, requestId, controller }) => {
      const bypassed = bypassMarkOf(request) === 'bypass'
      if (bypassed) request.headers.delete(BYPASS_HEADER)
      return new Promise<void>((settle) => {
        void sink({
          kind: 'http',
          id: requestId,
          request,
          bypassed,
          respondWith(response) {
            controller.respondWith(response)
            settle()
          },
          errorWith(error) {
            controller.errorWith(error)
            settle()
          },
          passthrough(report) {
            settle()
            if (!report) return Promise.resolve(undefined)
            return new Promise((resolve) => awaitingReports.set(requestId, resolve))
          },
        })
      })
    })
    interceptor.on('response', ({ response, responseType, requestId }) => {
      const report = awaitingReports.get(requestId)
      if (report === undefined || responseType === 'mock') return
      awaitingReports.delete(requestId)
      report(response)
    })
    interceptor.apply()
  }
  return () => {
    for (const interceptor of interceptors) interceptor.dispose()
    awaitingReports.clear()
  }
}
