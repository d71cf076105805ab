/**
 * Parses a `Cookie` request header into a name → value record. Values are
 * URL-decoded when they can be; a malformed pair is skipped, never thrown on.
 */
export function parseCookieHeader(header: string | null): Record<string, string> {
  const cookies: Record<string, string> = {}
  if (!header) return cookies
  for (const pair of header.split(';')) {
    const separator = pair.indexOf('=')
    if (separator <= 0) continue
    const name = pair.slice(0, separator).trim()
    if (name === '' || name in cookies) continue
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
