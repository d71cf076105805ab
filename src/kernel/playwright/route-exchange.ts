import type { HttpExchange } from '../contracts.js'
import { createRequestId } from '../request-id.js'
import type { RouteLike } from './playwright-shapes.js'
import type { RelayPermit } from './relay-permission.js'
import type { SentHeaders } from './sent-headers.js'
import { fulfillHeaders, fulfillWith, toFetchResponse } from './route-answers.js'
import { toFetchRequest } from './routed-request.js'
import { requestingPageOrigin } from './page-origin.js'

/**
 * Where a route's settling goes when it fails: a page that closed or navigated
 * away leaves its routes unanswerable, which is no fault of the test.
 */
export type RouteFailure = (error: unknown) => void

/** What routing knows of the browser behind a route (see `relayPermit`, `sentHeadersReader`). */
export interface RoutingBrowser {
  readonly permit?: RelayPermit
  readonly readHeaders?: SentHeaders
}

/**
 * The exchange for one request Playwright routed. The runtime settles it:
 * - `respondWith`: `route.fulfill()` with the mocked response (or `abort()` for `Response.error()`;
 *   an event stream is continued to the stream relay, so it reaches the page as it is sent);
 * - `passthrough`: `route.fallback()` (the next route handler, else the network),
 *   or, when the runtime wants the real response reported, `route.fetch()`
 *   then `route.fulfill()` with it (redirects are handed to the browser, unfollowed);
 * - `errorWith`: `route.abort('failed')`: the page sees a network error.
 *
 * Its `pageOrigin` is the requesting page's (see `requestingPageOrigin`): a
 * handler's host-less path matches only there.
 *
 * @example
 * await context.route(() => true, async (route) => sink(await routeExchange(route, console.error)))
 */
export async function routeExchange(route: RouteLike, failed: RouteFailure, browser: RoutingBrowser = {}): Promise<HttpExchange> {
  const { permit, readHeaders } = browser
  const routed = route.request()
  // Read before any await: the frame may navigate on while the headers are read.
  const pageOrigin = requestingPageOrigin(routed)
  const request = await toFetchRequest(routed, readHeaders)
  const settle = (work: Promise<void>): void => void work.catch(failed)
  return {
    kind: 'http',
    id: createRequestId(),
    request,
    ...(pageOrigin === undefined ? {} : { pageOrigin }),
    respondWith(response) {
      settle(fulfillWith(route, request, response, permit))
    },
    errorWith() {
      settle(route.abort('failed'))
    },
    async passthrough(report) {
      if (!report) {
        settle(route.fallback())
        return undefined
      }
      try {
        const real = await route.fetch({ maxRedirects: 0 })
        const copy = toFetchResponse(real, await real.body())
        // The browser gets the network's answer as it came (a redirect is the browser's to follow).
        settle(route.fulfill({ status: real.status(), headers: fulfillHeaders(copy), body: Buffer.from(await copy.clone().arrayBuffer()) }))
        return copy
      } catch (error) {
        settle(route.abort('failed'))
        failed(error)
        return undefined
      }
    },
  }
}
