/** Statuses Fetch follows (or refuses, or hands over under `redirect: 'manual'`). */
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308])

/** Headers that describe a request body, dropped when a redirect turns the request into a GET. */
const BODY_HEADERS = ['content-encoding', 'content-language', 'content-location', 'content-type', 'content-length']

/** Headers that must not follow a request to another origin. */
const CREDENTIAL_HEADERS = ['authorization', 'proxy-authorization', 'cookie', 'host']

// Fetch gives up after 20 redirects.
const MAX_REDIRECTS = 20

const redirectCounts = new WeakMap<Request, number>()

/**
 * True for a status Fetch treats as a redirect.
 *
 * @example
 * isRedirectStatus(302) // true
 * isRedirectStatus(304) // false: Not Modified is no redirect
 */
export function isRedirectStatus(status: number): boolean {
  return REDIRECT_STATUSES.has(status)
}

/**
 * The network error of Fetch: a `TypeError` whose `cause` says why.
 *
 * @example
 * return Promise.reject(networkError('unexpected redirect'))
 */
export function networkError(cause?: unknown): TypeError {
  return Object.assign(new TypeError('Failed to fetch'), { cause })
}

/**
 * Follows a mocked redirect as Fetch follows a real one (the steps of the
 * Fetch standard's "HTTP-redirect fetch"): the request to the `Location` goes
 * through `fetch` again, so a handler may answer it too. Rejects with a
 * network error where Fetch would (a body it cannot resend, a bad or non-HTTP
 * location, too many redirects, credentials in a cross-origin URL).
 *
 * @example
 * if (isRedirectStatus(response.status) && request.redirect === 'follow') return followRedirect(request, response, fetch)
 */
export async function followRedirect(request: Request, response: Response, fetch: (request: Request) => Promise<Response>): Promise<Response> {
  if (response.status !== 303 && request.body !== null) throw networkError('a redirect cannot resend a request body')
  const from = new URL(request.url)
  let to: URL
  try {
    to = new URL(response.headers.get('location') ?? '', request.url)
  } catch (error) {
    throw networkError(error)
  }
  if (to.protocol !== 'http:' && to.protocol !== 'https:') throw networkError('URL scheme must be a HTTP(S) scheme')
  const count = (redirectCounts.get(request) ?? 0) + 1
  if (count > MAX_REDIRECTS) throw networkError('redirect count exceeded')
  const crossOrigin = from.origin !== to.origin
  if (request.mode === 'cors' && (to.username || to.password) && crossOrigin) throw networkError('cross origin not allowed for request mode "cors"')
  const headers = new Headers(request.headers)
  const init: RequestInit = { headers, method: request.method, credentials: request.credentials, redirect: request.redirect, signal: request.signal }
  if (((response.status === 301 || response.status === 302) && request.method === 'POST') || (response.status === 303 && request.method !== 'GET' && request.method !== 'HEAD')) {
    init.method = 'GET'
    init.body = null
    for (const name of BODY_HEADERS) headers.delete(name)
  }
  if (crossOrigin) for (const name of CREDENTIAL_HEADERS) headers.delete(name)
  const next = new Request(to, init)
  redirectCounts.set(next, count)
  const final = await fetch(next)
  Object.defineProperty(final, 'redirected', { value: true, configurable: true })
  return final
}
