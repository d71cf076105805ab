import type { HttpExchange } from '../contracts.js'
import { createRequestId } from '../request-context.js'
import type { FetchedResponseLike, RoutableLike, RouteLike } from './playwright-shapes.js'
import { abortRoutedRequest, requestingPageOrigin, toFetchRequest, type SentHeaders } from './routed-request.js'
import { relayedStreamPage, relayStream } from './stream-relay.js'

/**
 * Where a route's settling goes when it fails: a page that closed or navigated
 * away leaves its routes unanswerable, which is no fault of the test.
 */
export type RouteFailure = (error: unknown) => void

/** Lets the page on `pageOrigin` reach the stream relay before a stream is sent there (see `relayedStreamPage`). */
export type RelayPermit = (pageOrigin: string) => Promise<void>

/** What routing knows of the browser behind a route (see `relayPermit`, `sentHeadersReader`). */
export interface RoutingBrowser {
  readonly permit?: RelayPermit
  readonly readHeaders?: SentHeaders
}

/** Statuses whose responses carry no body (a Fetch `Response` refuses one). */
const NULL_BODY_STATUS = new Set([101, 103, 204, 205, 304])

/** The Playwright permission behind Chromium's Local Network Access prompt. */
const LOCAL_NETWORK_ACCESS = 'local-network-access'

/** Nothing to grant: the page reaches the relay as it is. */
const NO_PERMIT: RelayPermit = async () => undefined

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

/**
 * `response`'s headers as `route.fulfill()` takes them: one string per name,
 * several `Set-Cookie` values joined by newlines (Playwright splits them again).
 */
function fulfillHeaders(response: Response): Record<string, string> {
  const headers: Record<string, string> = {}
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers[name] = value
  })
  const cookies = response.headers.getSetCookie()
  if (cookies.length > 0) headers['set-cookie'] = cookies.join('\n')
  return headers
}

/**
 * Answers `route` with a mocked `response`. An event stream (SSE) to a
 * loopback `http:` page streams through the relay, once `permit` let the page
 * reach it; any other body goes whole through `route.fulfill()`, so it
 * reaches the page once it has ended.
 */
async function fulfillWith(route: RouteLike, request: Request, response: Response, permit: RelayPermit = NO_PERMIT): Promise<void> {
  if (response.type === 'error') return route.abort('failed')
  const page = relayedStreamPage(request, response)
  if (page !== undefined) {
    await permit(page)
    return route.continue({ url: await relayStream(request, response, () => abortRoutedRequest(request)) })
  }
  const body = response.body === null ? undefined : Buffer.from(await response.arrayBuffer())
  await route.fulfill({ status: response.status, headers: fulfillHeaders(response), ...(body !== undefined && { body }) })
}

/** A Fetch `Response` copy of what the network answered through `route.fetch()`, for the events and the recording. */
function toFetchResponse(real: FetchedResponseLike, body: Buffer): Response {
  const headers = new Headers()
  for (const { name, value } of real.headersArray()) headers.append(name, value)
  const status = real.status()
  return new Response(NULL_BODY_STATUS.has(status) ? null : new Uint8Array(body), { status, statusText: real.statusText(), headers })
}

/**
 * A `RelayPermit` for the pages of `target`. Chromium counts a document that
 * Playwright fulfilled (a mocked page, or one recorded through `route.fetch()`)
 * as public, and denies it the loopback relay unless the context grants Local
 * Network Access; granted for the page's own loopback origin only, once.
 * Without the permission (older Playwright or Chromium), nothing is granted
 * and a page its server served still reaches the relay.
 */
export function relayPermit(target: RoutableLike): RelayPermit {
  const granted = new Map<string, Promise<void>>()
  return (pageOrigin) => {
    let grant = granted.get(pageOrigin)
    if (grant === undefined) {
      const context = target.grantPermissions !== undefined ? target : target.context?.()
      grant = Promise.resolve(context?.grantPermissions?.([LOCAL_NETWORK_ACCESS], { origin: pageOrigin })).catch(() => undefined)
      granted.set(pageOrigin, grant)
    }
    return grant
  }
}
