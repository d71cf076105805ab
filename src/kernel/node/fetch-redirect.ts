/**
 * Redirects of mocked fetch responses, followed the way fetch follows real
 * ones (Fetch standard, "HTTP-redirect fetch"): the fast path answers without
 * a network, so it must do what the network layer of fetch would do.
 */

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308])
const MAX_REDIRECTS = 20

/**
 * The request to send next for a mocked `response` to `request`, or `undefined`
 * when the response is the answer (not a redirect, or `redirect: 'manual'`).
 * `body` is an unread copy of the request body. Throws the TypeError fetch
 * throws for `redirect: 'error'` and for too many redirects.
 */
export function nextRedirect(request: Request, body: Request, response: Response, redirectCount: number): Request | undefined {
  const location = response.headers.get('location')
  if (!REDIRECT_STATUSES.has(response.status) || location === null || request.redirect === 'manual') return undefined
  if (request.redirect === 'error') throw new TypeError('fetch failed', { cause: new Error(`redirect to ${location} with redirect: 'error'`) })
  if (redirectCount >= MAX_REDIRECTS) throw new TypeError('fetch failed', { cause: new Error('redirect count exceeded') })

  const url = new URL(location, request.url)
  const headers = new Headers(request.headers)
  const becomesGet =
    (response.status === 303 && request.method !== 'GET' && request.method !== 'HEAD') ||
    ((response.status === 301 || response.status === 302) && request.method === 'POST')
  if (becomesGet) for (const name of ['content-type', 'content-length', 'content-encoding', 'content-language', 'content-location']) headers.delete(name)
  if (url.origin !== new URL(request.url).origin) headers.delete('authorization')
  return new Request(url, {
    method: becomesGet ? 'GET' : request.method,
    headers,
    body: becomesGet ? null : body.body,
    redirect: request.redirect,
    signal: request.signal,
    duplex: 'half',
  } as RequestInit)
}
