/** A null-prototype record (a cookie named `__proto__` is data); malformed pairs are skipped, never thrown on. */
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

/** `decodeURIComponent`, or the value as it is when it is not valid percent-encoding. */
export function decodeComponentSafely(value: string): string {
  if (!value.includes('%')) return value
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}

// A comma before a `name=` (an `Expires` date's comma has no `=` before the next `;`); linear, each scan stops at `;` or `,`.
const JOINED_COOKIE_BOUNDARY = /,(?=\s*[^\s;,=][^;,=]*=)/

/** Headers without `getSetCookie` (jsdom < 24.1, happy-dom < 16) may join the values with ", ". */
export function setCookieValues(headers: Headers): string[] {
  if (typeof headers.getSetCookie === 'function') return headers.getSetCookie()
  const values: string[] = []
  headers.forEach((value, name) => {
    if (name.toLowerCase() !== 'set-cookie') return
    for (const cookie of value.split(JOINED_COOKIE_BOUNDARY)) if (cookie.trim() !== '') values.push(cookie.trim())
  })
  return values
}
