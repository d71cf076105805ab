import { decodeBody } from './body-encoding.js'
import { wireHeaderValue } from './har-header-value.js'
import type { HarEntry } from './har-types.js'

// The recorded body is decoded and whole: these headers described the wire, not it.
const WIRE_HEADERS = new Set(['content-encoding', 'content-length', 'transfer-encoding', 'connection', 'keep-alive'])
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304])

/**
 * The response a HAR entry recorded, as a fresh `Response` (status 0, a
 * recorded network error, becomes `Response.error()`).
 *
 * @example
 * const response = responseFromEntry(har.log.entries[0])
 */
export function responseFromEntry(entry: HarEntry): Response {
  const { response } = entry
  if (response.status === 0) return Response.error()
  const headers = new Headers()
  for (const { name, value } of response.headers) {
    if (!WIRE_HEADERS.has(name.toLowerCase())) headers.append(name, wireHeaderValue(value))
  }
  const { text, encoding } = response.content
  const hasBody = text !== undefined && !NULL_BODY_STATUSES.has(response.status) && entry.request.method !== 'HEAD'
  const body = hasBody ? decodeBody(text, encoding === 'base64') : null
  return new Response(body as BodyInit | null, { status: response.status, statusText: response.statusText, headers })
}

/** The body of a recorded request as text (base64 bodies decoded to bytes, then latin1-safe compared). */
export function requestBodyOf(entry: HarEntry): Uint8Array | undefined {
  const data = entry.request.postData
  if (data?.text === undefined) return undefined
  return decodeBody(data.text, data._encoding === 'base64')
}

/** A `Request` like the one an entry recorded (for user-defined matching keys). */
export function requestFromEntry(entry: HarEntry): Request {
  const { request } = entry
  const headers = new Headers()
  for (const { name, value } of request.headers) {
    try {
      headers.append(name, wireHeaderValue(value))
    } catch {
      // A header a Request refuses (a recorded HTTP/2 pseudo-header) is left out.
    }
  }
  const body = request.method === 'GET' || request.method === 'HEAD' ? null : requestBodyOf(entry)
  return new Request(request.url, { method: request.method, headers, body: (body ?? null) as BodyInit | null })
}
