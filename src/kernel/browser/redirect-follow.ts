import { nextRedirect } from '../fetch-redirect.js'

const redirectCounts = new WeakMap<Request, number>()

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
 * Follows a mocked redirect as the page's Fetch follows a real one: the next
 * hop is the kernel's (fetch-redirect.ts, the Fetch standard's "HTTP-redirect
 * fetch"), and goes through `fetch` again, so a handler may answer it too.
 * Rejects with the page's network error where Fetch would; also, as a browser
 * does, for a body it cannot resend and for credentials in a cross-origin URL.
 *
 * @example
 * if (isRedirect(response) && request.redirect === 'follow') return followRedirect(request, response, fetch)
 */
export async function followRedirect(request: Request, response: Response, fetch: (request: Request) => Promise<Response>): Promise<Response> {
  if (response.status !== 303 && request.body !== null) throw networkError('a redirect cannot resend a request body')
  const count = redirectCounts.get(request) ?? 0
  let next: Request | undefined
  try {
    next = nextRedirect(request, null, response, count)
  } catch (error) {
    throw networkError(error)
  }
  if (next === undefined) return response
  const to = new URL(next.url)
  if (request.mode === 'cors' && (to.username || to.password) && to.origin !== new URL(request.url).origin) throw networkError('cross origin not allowed for request mode "cors"')
  redirectCounts.set(next, count + 1)
  const final = await fetch(next)
  Object.defineProperty(final, 'redirected', { value: true, configurable: true })
  return final
}
