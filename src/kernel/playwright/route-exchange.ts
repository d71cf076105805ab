import type { HttpExchange } from '../contracts.js'
import { NULL_BODY_STATUSES } from '../known-body.js'
import { createRequestId } from '../request-context.js'
import type { FetchedResponseLike, RoutableLike, RouteLike } from './playwright-shapes.js'
import { abortRoutedRequest, requestingPageOrigin, toFetchRequest, type SentHeaders } from './routed-request.js'
import { relayedStreamPage, relayStream } from './stream-relay.js'

/** A page that closed or navigated away leaves its routes unanswerable, which is no fault of the test. */
export type RouteFailure = (error: unknown) => void

type RelayPermit = (pageOrigin: string) => Promise<void>

/** A reported passthrough is `route.fetch()` then `route.fulfill()` (redirects are the browser's to follow). */
export async function routeExchange(route: RouteLike, failed: RouteFailure, permit: RelayPermit, readHeaders: SentHeaders): Promise<HttpExchange> {
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

/** Several `Set-Cookie` values joined by newlines: Playwright splits them again. */
function fulfillHeaders(response: Response): Record<string, string> {
  const headers: Record<string, string> = {}
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers[name] = value
  })
  const cookies = response.headers.getSetCookie()
  if (cookies.length > 0) headers['set-cookie'] = cookies.join('\n')
  return headers
}

/** An event stream to a loopback page goes through the stream relay, so that it reaches the page as it is sent. */
async function fulfillWith(route: RouteLike, request: Request, response: Response, permit: RelayPermit): Promise<void> {
  if (response.type === 'error') return route.abort('failed')
  const page = relayedStreamPage(request, response)
  if (page !== undefined) {
    await permit(page)
    return route.continue({ url: await relayStream(request, response, () => abortRoutedRequest(request)) })
  }
  const body = response.body === null ? undefined : Buffer.from(await response.arrayBuffer())
  await route.fulfill({ status: response.status, headers: fulfillHeaders(response), ...(body !== undefined && { body }) })
}

function toFetchResponse(real: FetchedResponseLike, body: Buffer): Response {
  const headers = new Headers()
  for (const { name, value } of real.headersArray()) headers.append(name, value)
  const status = real.status()
  return new Response(NULL_BODY_STATUSES.has(status) ? null : new Uint8Array(body), { status, statusText: real.statusText(), headers })
}

/**
 * Chromium counts a document Playwright fulfilled as public and denies it the loopback relay unless the
 * context grants Local Network Access: granted for the page's own loopback origin only, once.
 */
export function relayPermit(target: RoutableLike): RelayPermit {
  const granted = new Map<string, Promise<void>>()
  return (pageOrigin) => {
    let grant = granted.get(pageOrigin)
    if (grant === undefined) {
      const context = target.grantPermissions !== undefined ? target : target.context?.()
      grant = Promise.resolve(context?.grantPermissions?.(['local-network-access'], { origin: pageOrigin })).catch(() => undefined)
      granted.set(pageOrigin, grant)
    }
    return grant
  }
}
