import type { FetchedResponseLike, RouteLike } from './playwright-shapes.js'

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

/**
 * Answers `route` with a mocked `response`. `route.fulfill()` takes a whole
 * body, so a streamed body (a ReadableStream, an SSE stream) reaches the page
 * once it has ended. `Response.error()` fails the request as a network error.
 *
 * @example
 * await fulfillWith(route, HttpResponse.json({ id: 1 }))
 */
export async function fulfillWith(route: RouteLike, response: Response): Promise<void> {
  if (response.type === 'error') return route.abort('failed')
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
