import type { FetchedResponseLike, RouteLike } from './playwright-shapes.js'
import { abortRoutedRequest } from './routed-request.js'
import type { RelayPermit } from './relay-permission.js'
import { relayedStreamPage, relayStream } from './stream-relay.js'

/** Statuses whose responses carry no body (a Fetch `Response` refuses one). */
const NULL_BODY_STATUS = new Set([101, 103, 204, 205, 304])

/**
 * `response`'s headers as `route.fulfill()` takes them: one string per name,
 * several `Set-Cookie` values joined by newlines (Playwright splits them again).
 *
 * @example
 * await route.fulfill({ status: 200, headers: fulfillHeaders(response) })
 */
export function fulfillHeaders(response: Response): Record<string, string> {
  const headers: Record<string, string> = {}
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') headers[name] = value
  })
  const cookies = response.headers.getSetCookie()
  if (cookies.length > 0) headers['set-cookie'] = cookies.join('\n')
  return headers
}

/** Nothing to grant: the page reaches the relay as it is. */
const NO_PERMIT: RelayPermit = async () => undefined

/**
 * Answers `route` with a mocked `response` for `request`. An event stream
 * (SSE) to a loopback `http:` page streams through the relay (see
 * `relayedStreamPage`), once `permit` let the page reach it; any other body
 * goes whole through `route.fulfill()`, so it reaches the page once it has
 * ended. `Response.error()` fails the request as a network error.
 *
 * @example
 * await fulfillWith(route, request, HttpResponse.json({ id: 1 }))
 */
export async function fulfillWith(route: RouteLike, request: Request, response: Response, permit: RelayPermit = NO_PERMIT): Promise<void> {
  if (response.type === 'error') return route.abort('failed')
  const page = relayedStreamPage(request, response)
  if (page !== undefined) {
    await permit(page)
    return route.continue({ url: await relayStream(request, response, () => abortRoutedRequest(request)) })
  }
  const body = response.body === null ? undefined : Buffer.from(await response.arrayBuffer())
  await route.fulfill({ status: response.status, headers: fulfillHeaders(response), ...(body !== undefined && { body }) })
}

/**
 * A Fetch `Response` copy of what the network answered through `route.fetch()`,
 * for the events and the recording.
 *
 * @example
 * const copy = toFetchResponse(real, await real.body())
 */
export function toFetchResponse(real: FetchedResponseLike, body: Buffer): Response {
  const headers = new Headers()
  for (const { name, value } of real.headersArray()) headers.append(name, value)
  const status = real.status()
  return new Response(NULL_BODY_STATUS.has(status) ? null : new Uint8Array(body), { status, statusText: real.statusText(), headers })
}
