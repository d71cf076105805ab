import type { ExchangeSink } from '../contracts.js'
import { BYPASS_HEADER, bypassMarkOf } from '../passthrough.js'
import { patchPageFetch } from './page-fetch.js'
import type { ReportTracker } from './report-tracker.js'

import type { HttpResponseEvent } from '@mswjs/interceptors'
import type { XMLHttpRequestInterceptor } from '@mswjs/interceptors/XMLHttpRequest/web'

/**
 * Where no Service Worker can run: mocklib's own `fetch` and an XMLHttpRequest patch (loaded here, so pages
 * using the worker never download it). An XMLHttpRequest's passthrough report comes from a `load` listener
 * after the page's own, so `tracker` counts it from the moment the request is let through.
 */
export async function interceptInPage(sink: ExchangeSink, tracker: ReportTracker): Promise<() => void> {
  const { XMLHttpRequestInterceptor } = await import('@mswjs/interceptors/XMLHttpRequest/web')
  const interceptor = new XMLHttpRequestInterceptor()
  const reports = new PassthroughReports(interceptor)
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
          const reported = report ? tracker.track(reports.await(requestId)) : Promise.resolve(undefined)
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

/**
 * The 'response' listener is there only while a report is awaited: while it is, the interceptor copies every
 * response (the mocked ones too), which costs more than the rest of a small answer.
 */
class PassthroughReports {
  readonly #awaiting = new Map<string, (response: Response) => void>()
  readonly #listener = ({ response, responseType, requestId }: HttpResponseEvent): void => {
    const report = this.#awaiting.get(requestId)
    if (report === undefined || responseType === 'mock') return
    this.#awaiting.delete(requestId)
    if (this.#awaiting.size === 0) this.interceptor.removeListener('response', this.#listener)
    report(response)
  }

  constructor(readonly interceptor: XMLHttpRequestInterceptor) {}

  /** Resolves once the head of the real response arrived. */
  await(requestId: string): Promise<Response> {
    if (this.#awaiting.size === 0) this.interceptor.on('response', this.#listener)
    return new Promise((resolve) => this.#awaiting.set(requestId, resolve))
  }
}
