import type { ClientRequest, IncomingMessage } from 'node:http'
import type { HttpExchange } from '../contracts.js'
import { NULL_BODY_STATUSES } from '../known-body.js'

export type HttpSink = (exchange: HttpExchange) => Promise<void>

/** Node's internal `onSocket`: given no socket, Node fails the request (with the given error, or its own). */
export interface ClientRequestWithOnSocket extends ClientRequest {
  onSocket(socket: unknown, error?: Error): void
}

// Taken as they were when mocklib loaded: the socket layer later wraps the globals in Proxies that record
// raw header names for the wire, a cost mocklib's own objects need not pay (instances are the same classes).
export const NativeRequest: typeof Request = globalThis.Request
export const NativeHeaders: typeof Headers = globalThis.Headers
export const NativeResponse: typeof Response = globalThis.Response

/** An IncomingMessage's `rawHeaders` (name, value, name, value…), as they came. */
export function headersOfRaw(raw: readonly string[]): Headers {
  const headers = new NativeHeaders()
  for (let index = 0; index < raw.length; index += 2) headers.append(raw[index]!, raw[index + 1]!)
  return headers
}

/** A passthrough's real answer, header values as the bytes they came (latin1); `body` is asked for only where Fetch allows one. */
export function responseOfIncoming(incoming: IncomingMessage, body: (() => BodyInit) | null): Response {
  const status = incoming.statusCode ?? 200
  const bodyless = body === null || status < 200 || NULL_BODY_STATUSES.has(status)
  return new NativeResponse(bodyless ? null : body(), { status: status < 200 ? 200 : status, statusText: incoming.statusMessage ?? '', headers: headersOfRaw(incoming.rawHeaders) })
}

/** As msw 2: `TypeError('Failed to fetch')` with the response as its cause, which prints as what it is. */
export function networkError(response: Response): TypeError {
  const text = 'Response.error() (a network error returned by a request handler)'
  Object.defineProperties(response, {
    toString: { value: () => text },
    [Symbol.for('nodejs.util.inspect.custom')]: { value: () => text },
  })
  return new TypeError('Failed to fetch', { cause: response })
}

/** The given one, else the reason phrase a real Node server sends (what undici reports). */
export function statusTextOf(response: Response): string {
  // node:http is loaded when a response is played, not when mocklib/node is imported.
  return response.statusText || process.getBuiltinModule('node:http').STATUS_CODES[response.status] || ''
}

/** A record (node:http's `getHeaders()`), a flat array, pairs or an iterable (undici's `opts.headers`); arrays are repeated names. */
export function headerLines(headers: unknown): Array<[string, string]> {
  const lines: Array<[string, string]> = []
  if (headers == null) return lines
  const add = (name: unknown, value: unknown) => {
    if (value === undefined || value === null) return
    if (Array.isArray(value)) for (const item of value) lines.push([String(name), String(item)])
    else lines.push([String(name), String(value)])
  }
  if (Array.isArray(headers) && !Array.isArray(headers[0])) {
    for (let index = 0; index < headers.length; index += 2) add(headers[index], headers[index + 1])
    return lines
  }
  const entries = typeof (headers as Iterable<unknown>)[Symbol.iterator] === 'function' ? (headers as Iterable<[unknown, unknown]>) : Object.entries(headers as object)
  for (const [name, value] of entries) add(name, value)
  return lines
}
