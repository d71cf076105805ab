import type { ExchangeSink } from '../contracts.js'
import { BYPASS_HEADER, bypassMarkOf } from '../passthrough.js'
import { patchPageFetch } from './page-fetch.js'
import type { ReportTracker } from './report-tracker.js'

import type { HttpResponseEvent } from '@mswjs/interceptors'

/**
 * Where no Service Worker can run. An XMLHttpRequest's passthrough report comes from a `load` listener after the
 * page's own, so `tracker` counts it from the moment the request is let through.
 */
export async function interceptInPage(sink: ExchangeSink, tracker: ReportTracker): Promise<() => void> {
  const { XMLHttpRequestInterceptor } = await import('@mswjs/interceptors/XMLHttpRequest/web')
  const interceptor = new XMLHttpRequestInterceptor()
  // The 'response' listener is there only while a report is awaited: while it is, the interceptor copies every
  // response (the mocked ones too), which costs more than the rest of a small answer.
  const awaiting = new Map<string, (response: Response) => void>()
  const onResponse = ({ response, responseType, requestId }: HttpResponseEvent): void => {
    const report = awaiting.get(requestId)
    if (report === undefined || responseType === 'mock') return
    awaiting.delete(requestId)
    if (awaiting.size === 0) interceptor.removeListener('response', onResponse)
    report(response)
  }
  const awaitReport = (requestId: string): Promise<Response> => {
    if (awaiting.size === 0) interceptor.on('response', onResponse)
    return new Promise((resolve) => awaiting.set(requestId, resolve))
  }

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
          // Awaited before settling: the interceptor checks for a 'response' listener once the real response is in.
          const reported = report ? tracker.track(awaitReport(requestId)) : Promise.resolve(undefined)
          settle()
          return reported
        },
      })
    })
  })
  interceptor.apply()
  const restoreFetch = patchPageFetch(sink)
  return () => {
    restoreFetch()
    interceptor.dispose()
  }
}
