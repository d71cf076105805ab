import type { HarCookie } from './har-types.js'

/** The cookies of a `cookie` request header (`a=1; b=2`). */
export function requestCookies(header: string | null): HarCookie[] {
  if (!header) return []
  return header
    .split(';')
    .map((pair) => pair.trim())
    .filter((pair) => pair !== '')
    .map((pair) => {
      const at = pair.indexOf('=')
      return at === -1 ? { name: pair, value: '' } : { name: pair.slice(0, at).trim(), value: pair.slice(at + 1).trim() }
    })
}

/** One `set-cookie` response header as a HAR cookie (name, value and attributes). */
export function responseCookie(header: string): HarCookie {
  const [pair = '', ...attributes] = header.split(';')
  const at = pair.indexOf('=')
  const cookie: HarCookie = at === -1 ? { name: pair.trim(), value: '' } : { name: pair.slice(0, at).trim(), value: pair.slice(at + 1).trim() }
  for (const attribute of attributes) {
    const [rawKey = '', ...rest] = attribute.split('=')
    const key = rawKey.trim().toLowerCase()
    const value = rest.join('=').trim()
    if (key === 'path') cookie.path = value
    else if (key === 'domain') cookie.domain = value
    else if (key === 'expires') {
      const date = new Date(value)
      if (!Number.isNaN(date.getTime())) cookie.expires = date.toISOString()
    } else if (key === 'httponly') cookie.httpOnly = true
    else if (key === 'secure') cookie.secure = true
  }
  return cookie
}
