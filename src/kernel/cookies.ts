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

/**
 * The `Set-Cookie` values of `headers`, one per cookie: `getSetCookie()` where
 * the Headers class has it, else read from iteration. Headers without the
 * method are those of jsdom before 24.1 and happy-dom before 16, which test
 * environments put on the global; their iteration may join several values
 * with ", ", so a joined value is split before each `name=` that follows a
 * comma (an `Expires` date's comma is followed by no `=` before the next `;`).
 *
 * @example
 * setCookieValues(new Headers([['set-cookie', 'a=1'], ['set-cookie', 'b=2; Expires=Wed, 21 Oct 2026 07:28:00 GMT']])) // ['a=1', 'b=2; Expires=Wed, 21 Oct 2026 07:28:00 GMT']
 */
export function setCookieValues(headers: Headers): string[] {
  if (typeof headers.getSetCookie === 'function') return headers.getSetCookie()
  const values: string[] = []
  headers.forEach((value, name) => {
    if (name.toLowerCase() === 'set-cookie') values.push(...splitJoinedSetCookie(value))
  })
  return values
}

/** Splits `a=1, b=2; Expires=Wed, 21 Oct 2026 …` into its cookies; one pass over the text. */
function splitJoinedSetCookie(joined: string): string[] {
  const cookies: string[] = []
  let start = 0
  for (let comma = joined.indexOf(','); comma !== -1; comma = joined.indexOf(',', comma + 1)) {
    if (!startsWithPair(joined, comma + 1)) continue
    cookies.push(joined.slice(start, comma).trim())
    start = comma + 1
  }
  cookies.push(joined.slice(start).trim())
  return cookies.filter((cookie) => cookie !== '')
}

/** True when `text` at `from` reads `name=` before any `;` or `,` (the scan stops there, so the whole split stays linear). */
function startsWithPair(text: string, from: number): boolean {
  for (let index = from; index < text.length; index++) {
    const char = text[index]
    if (char === '=') return text.slice(from, index).trim() !== ''
    if (char === ';' || char === ',') return false
  }
  return false
}
