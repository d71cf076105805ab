// What a fetch client does with a response, played by the sources that answer fetch themselves
// (Bun and Deno, DOM environments without undici, a page's in-page mode): redirects and decoding.
import { parseUrl } from './url-parse.js'

/** Statuses after which a fetch follows `Location` (the Fetch standard's redirect statuses). */
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308])

/** Fetch gives up after this many redirects, as browsers and undici do. */
const MAX_REDIRECTS = 20

/** Headers that describe a body, dropped when a redirect turns the request into a GET. */
const BODY_HEADERS = ['content-type', 'content-length', 'content-encoding', 'content-language', 'content-location']

/** Credentials a redirect to another origin must not carry (what undici drops). */
const CROSS_ORIGIN_HEADERS = ['authorization', 'proxy-authorization', 'cookie', 'host']

/**
 * True when `response` is a redirect a fetch may follow: a redirect status
 * with a `Location`.
 *
 * @example
 * isRedirect(new Response(null, { status: 307, headers: { location: '/b' } })) // true
 */
export function isRedirect(response: Response): boolean {
  return REDIRECT_STATUSES.has(response.status) && response.headers.has('location')
}

/**
 * What a fetch does with a (mocked) `response` to `request`, whose body is
 * still available as `body` (the bytes the client sent, or null): `undefined`
 * when the response is no redirect to follow (not a redirect status, no
 * `Location`, or `redirect: 'manual'`), else the request for the next hop.
 * Throws the `TypeError` a fetch rejects with for `redirect: 'error'`, an
 * unparsable `Location`, a non-HTTP target and too many redirects.
 * It follows the Fetch standard's "HTTP-redirect fetch": 303 (and 301/302
 * after a POST) become a bodyless GET, other redirects resend the body, and a
 * hop to another origin loses the request's credentials.
 *
 * @example
 * const next = nextRedirect(request, null, new Response(null, { status: 302, headers: { location: '/b' } }), 0)
 * next?.url // 'https://api.test/b'
 */
export function nextRedirect(request: Request, body: ArrayBuffer | null, response: Response, redirectsSoFar: number): Request | undefined {
  const location = response.headers.get('location')
  if (!REDIRECT_STATUSES.has(response.status) || location === null || request.redirect === 'manual') return undefined
  if (request.redirect === 'error') throw new TypeError(`[mocklib] fetch failed: ${request.url} answered a redirect (${response.status}) and the request has redirect: 'error'.`)
  const target = parseUrl(location, request.url)
  if (target === null) throw new TypeError(`[mocklib] fetch failed: the redirect from ${request.url} has a Location that is not a URL (${JSON.stringify(location)}).`)
  if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new TypeError(`[mocklib] fetch failed: the redirect from ${request.url} points to ${target.protocol} URL ${target.href}; fetch follows only http: and https:.`)
  if (redirectsSoFar >= MAX_REDIRECTS) throw new TypeError(`[mocklib] fetch failed: more than ${MAX_REDIRECTS} redirects, the last from ${request.url}.`)

  const headers = new Headers(request.headers)
  const becomesGet = response.status === 303 ? request.method !== 'GET' && request.method !== 'HEAD' : (response.status === 301 || response.status === 302) && request.method === 'POST'
  if (becomesGet) for (const name of BODY_HEADERS) headers.delete(name)
  if (target.origin !== new URL(request.url).origin) for (const name of CROSS_ORIGIN_HEADERS) headers.delete(name)
  // Keep the fragment of the original URL when the Location has none (the Fetch standard's rule).
  if (target.hash === '') target.hash = new URL(request.url).hash
  return new Request(target.href, {
    method: becomesGet ? 'GET' : request.method,
    headers,
    body: becomesGet ? null : body,
    redirect: request.redirect,
    credentials: request.credentials,
    signal: request.signal,
  })
}

/** The codings a fetch decodes, by their `Content-Encoding` token, as `DecompressionStream` formats. */
const FORMATS: Record<string, CompressionFormat> = { gzip: 'gzip', 'x-gzip': 'gzip', deflate: 'deflate' }

/**
 * The body of a mocked `response` as a fetch hands it to the client: decoded
 * when its `Content-Encoding` is gzip or deflate (a real fetch decodes what
 * the server compressed; undici does it under Node, this under Bun and Deno,
 * in DOM test environments without undici, and in a page's in-page mode),
 * unchanged otherwise. Codings are undone last-applied first. An encoding it
 * does not know (br, zstd) leaves the body as it is, as the header says.
 *
 * @example
 * const body = decodedBody(new Response(gzipped, { headers: { 'content-encoding': 'gzip' } }))
 */
export function decodedBody(response: Response): ReadableStream<Uint8Array> | null {
  // The header first: reading `body` makes a stream of a body still held as a string.
  const encoding = response.headers.get('content-encoding')
  if (encoding === null) return response.body
  const body = response.body
  if (body === null) return body
  const codings = encoding
    .split(',')
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== '' && coding !== 'identity')
  if (codings.some((coding) => FORMATS[coding] === undefined)) return body
  let decoded: ReadableStream<Uint8Array> = body
  for (const coding of codings.reverse()) decoded = decoded.pipeThrough(new DecompressionStream(FORMATS[coding]!) as unknown as ReadableWritablePair<Uint8Array, Uint8Array>)
  return decoded
}
