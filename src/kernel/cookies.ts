/**
 * Parses a `Cookie` request header into a name → value record. Values are
 * URL-decoded when they can be; a malformed pair is skipped, never thrown on.
 * The record has no prototype and only own properties (as the `cookie` package
 * gives): a cookie named `constructor` or `__proto__` is kept as data, and
 * `cookies.toString` is `undefined` unless such a cookie was sent.
 *
 * @example
 * parseCookieHeader('session=abc; constructor=x') // { session: 'abc', constructor: 'x' }, null prototype
 */
export function parseCookieHeader(header: string | null): Record<string, string> {
  const cookies = Object.create(null) as Record<string, string>
  if (!header) return cookies
  for (const pair of header.split(';')) {
    const separator = pair.indexOf('=')
    if (separator <= 0) continue
    const name = pair.slice(0, separator).trim()
    // The first pair of a name wins, as in browsers and the `cookie` package.
    if (name === '' || Object.hasOwn(cookies, name)) continue
    let value = pair.slice(separator + 1).trim()
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1)
    cookies[name] = decodeComponentSafely(value)
  }
  return cookies
}

/**
 * `decodeURIComponent`, or the value as it is when it is not valid percent-encoding.
 *
 * @example
 * decodeComponentSafely('a%20b') // 'a b'
 * decodeComponentSafely('100%') // '100%'
 */
export function decodeComponentSafely(value: string): string {
  if (!value.includes('%')) return value
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}
