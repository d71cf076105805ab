import { parseCookieHeader } from '../../kernel/index.js'

function isSameOrigin(url: string): boolean {
  return new URL(url, location.href).origin === location.origin
}

/**
 * The page's cookies for a request: a browser adds them on the network, after
 * any interception, so resolvers would never see them in the `Cookie` header.
 * Given for same-origin requests that send credentials, as the browser would.
 */
export function readPageCookies(request: Request): Record<string, string> {
  if (typeof document === 'undefined' || request.credentials === 'omit' || !isSameOrigin(request.url)) return {}
  return parseCookieHeader(document.cookie)
}

/**
 * Writes the `Set-Cookie` values of a mocked same-origin response to
 * `document.cookie`, where the browser would have stored them. `HttpOnly` is
 * dropped (script cannot set such cookies); everything else is kept.
 */
export function storeResponseCookies(request: Request, setCookies: readonly string[]): void {
  if (setCookies.length === 0 || typeof document === 'undefined' || !isSameOrigin(request.url)) return
  for (const value of setCookies) {
    document.cookie = value
      .split(';')
      .filter((attribute) => attribute.trim().toLowerCase() !== 'httponly')
      .join(';')
  }
}
