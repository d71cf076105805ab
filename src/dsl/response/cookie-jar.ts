import { decodeComponentSafely, setCookieValues } from '../../kernel/index.js'

const remembered = new WeakMap<Response, readonly string[]>()

/** Browsers drop `Set-Cookie` from a Response built in script: the browser runtime reads them back from here. */
export function rememberSetCookies(response: Response, init: ResponseInit | undefined): void {
  const headers = init?.headers
  if (headers === undefined) return
  const values: string[] = []
  if (headers instanceof Headers) values.push(...setCookieValues(headers))
  else if (Array.isArray(headers)) {
    for (const [name, value] of headers) if (name !== undefined && value !== undefined && name.toLowerCase() === 'set-cookie') values.push(value)
  } else {
    // Length first: helpers pass a record on every response.
    for (const name in headers) if (name.length === 10 && name.toLowerCase() === 'set-cookie' && Object.hasOwn(headers, name)) values.push(headers[name]!)
  }
  if (values.length > 0) remembered.set(response, values)
}

export function setCookiesOf(response: Response): readonly string[] {
  const fromHeaders = setCookieValues(response.headers)
  return fromHeaders.length > 0 ? fromHeaders : (remembered.get(response) ?? [])
}

export function hasSetCookies(response: Response): boolean {
  return response.headers.has('set-cookie') || remembered.has(response)
}

interface StoredCookie {
  readonly name: string
  readonly value: string
  /** Lower-case host (host-only) or domain (without the leading dot). */
  readonly domain: string
  readonly hostOnly: boolean
  readonly path: string
  readonly secure: boolean
  /** Epoch ms; `Infinity` for a session cookie. */
  readonly expires: number
}

/**
 * The cookies mocked responses set, remembered as a browser (and msw 2) would: a later request to a matching
 * URL sees them in its resolver's `cookies`. `Path`, `Domain`, `Expires`, `Max-Age` and `Secure` are honoured.
 * The jar lives as long as the process: clear it between tests.
 *
 * @example
 * import { cookieJar } from 'mocklib'
 * afterEach(() => cookieJar.clear())
 */
export class CookieJar {
  #cookies = new Map<string, StoredCookie>()

  /** Number of cookies remembered (expired ones included until next read). */
  get size(): number {
    return this.#cookies.size
  }

  /** Forgets every remembered cookie. */
  clear(): void {
    this.#cookies.clear()
  }

  /** Remembers the `Set-Cookie` headers of a mocked `response` to `url` (ignoring malformed and foreign ones). */
  remember(url: string | URL, response: Response, now = Date.now()): void {
    const values = setCookiesOf(response)
    if (values.length === 0) return
    const target = new URL(url)
    for (const value of values) {
      const cookie = parseSetCookie(value, target, now)
      if (cookie === undefined) continue
      const key = `${cookie.domain};${cookie.path};${cookie.name}`
      this.#cookies.delete(key)
      if (cookie.expires > now) this.#cookies.set(key, cookie)
    }
  }

  /** The cookies a request to `url` would carry (null prototype; the most specific path wins). */
  cookiesFor(url: string | URL, now = Date.now()): Record<string, string> {
    const found = Object.create(null) as Record<string, string>
    if (this.#cookies.size === 0) return found
    const target = new URL(url)
    const host = target.hostname.toLowerCase()
    const secure = target.protocol === 'https:' || target.protocol === 'wss:'
    const matching: StoredCookie[] = []
    for (const [key, cookie] of this.#cookies) {
      if (cookie.expires <= now) {
        this.#cookies.delete(key)
        continue
      }
      if (cookie.secure && !secure) continue
      if (!(cookie.hostOnly ? host === cookie.domain : domainMatches(host, cookie.domain))) continue
      if (!pathMatches(target.pathname, cookie.path)) continue
      matching.push(cookie)
    }
    matching.sort((a, b) => a.path.length - b.path.length)
    for (const cookie of matching) found[cookie.name] = cookie.value
    return found
  }
}

/**
 * The process-wide jar every runtime uses, as msw's cookie store.
 *
 * @example
 * afterEach(() => cookieJar.clear())
 */
export const cookieJar: CookieJar = /* @__PURE__ */ new CookieJar()

/** RFC 6265 §5.2, leniently. */
function parseSetCookie(header: string, url: URL, now: number): StoredCookie | undefined {
  const [pair = '', ...attributes] = header.split(';')
  const separator = pair.indexOf('=')
  if (separator <= 0) return undefined
  const name = pair.slice(0, separator).trim()
  if (name === '') return undefined
  let value = pair.slice(separator + 1).trim()
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1)
  const host = url.hostname.toLowerCase()
  let domain = host
  let hostOnly = true
  let path = defaultPath(url.pathname)
  let secure = false
  let expires = Number.POSITIVE_INFINITY
  let maxAge: number | undefined
  for (const attribute of attributes) {
    const at = attribute.indexOf('=')
    const key = (at === -1 ? attribute : attribute.slice(0, at)).trim().toLowerCase()
    const text = at === -1 ? '' : attribute.slice(at + 1).trim()
    if (key === 'domain' && text !== '') {
      const wanted = text.replace(/^\./, '').toLowerCase()
      // A response may only set cookies for its own domain or a parent of it.
      if (!domainMatches(host, wanted)) return undefined
      domain = wanted
      hostOnly = false
    } else if (key === 'path') {
      path = text.startsWith('/') ? text : defaultPath(url.pathname)
    } else if (key === 'secure') {
      secure = true
    } else if (key === 'max-age' && /^-?\d+$/.test(text)) {
      maxAge = Number(text)
    } else if (key === 'expires') {
      const time = Date.parse(text)
      if (!Number.isNaN(time)) expires = time
    }
  }
  // Max-Age wins over Expires; zero or less expires the cookie at once.
  if (maxAge !== undefined) expires = maxAge <= 0 ? Number.NEGATIVE_INFINITY : now + maxAge * 1000
  return { name, value: decodeComponentSafely(value), domain, hostOnly, path, secure, expires }
}

function domainMatches(host: string, domain: string): boolean {
  return host === domain || (host.endsWith(`.${domain}`) && !/^[\d.]+$/.test(host))
}

function pathMatches(requestPath: string, cookiePath: string): boolean {
  if (requestPath === cookiePath) return true
  if (!requestPath.startsWith(cookiePath)) return false
  return cookiePath.endsWith('/') || requestPath.charAt(cookiePath.length) === '/'
}

function defaultPath(pathname: string): string {
  const last = pathname.lastIndexOf('/')
  return last <= 0 ? '/' : pathname.slice(0, last)
}
