// Redirects and decoding, for the sources that answer fetch themselves (Bun, Deno, DOM environments, a page).
import { parseUrl } from './url-parse.js'

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308])

const MAX_REDIRECTS = 20

const BODY_HEADERS = ['content-type', 'content-length', 'content-encoding', 'content-language', 'content-location']

// What undici drops on a redirect to another origin.
const CROSS_ORIGIN_HEADERS = ['authorization', 'proxy-authorization', 'cookie', 'host']

export function isRedirect(response: Response): boolean {
  return REDIRECT_STATUSES.has(response.status) && response.headers.has('location')
}

/** As the Fetch standard's "HTTP-redirect fetch"; throws the `TypeError` a fetch rejects with. */
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
  // The Fetch standard keeps the original fragment when the Location has none.
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

const FORMATS: Record<string, CompressionFormat> = { gzip: 'gzip', 'x-gzip': 'gzip', deflate: 'deflate' }

/** Decoded as a real fetch does for gzip and deflate; an unknown coding (br, zstd) leaves the body as it is. */
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
