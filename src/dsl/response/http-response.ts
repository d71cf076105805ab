import { createResponseMark, message, setCookieValues } from '../../kernel/index.js'
import type { MockTypeError, NoInference } from '../shared/type-helpers.js'
import type { JsonBodyType, OpenJsonBody } from './body-types.js'
import { rememberSetCookies } from './cookie-jar.js'
import { DeferredBodyResponse } from './deferred-body-response.js'

declare const bodyTypeBrand: unique symbol

const defaultContentType = /* @__PURE__ */ createResponseMark()
const streamBody = /* @__PURE__ */ createResponseMark()

/** A helper chose the content type, not the resolver: GraphQL may answer its own JSON media type instead. */
export const hasDefaultContentType = defaultContentType.has

/** A streamed body's `finalize` cleanups wait until the stream settles: a cleanup may stop what feeds it. */
export const hasStreamBody = streamBody.has

/** A string body only for a string body type: msw 2 rejects `new HttpResponse('x')` where a JSON object is declared. */
export type BodyInitFor<BodyType> = 0 extends 1 & BodyType ? FetchBodyInit : [BodyType] extends [string] ? FetchBodyInit : Exclude<FetchBodyInit, string>

/** Read from `Response`: the published types need no DOM lib. */
type FetchBodyInit = NonNullable<ConstructorParameters<typeof Response>[0]>

/** A literal status outside 200–599 is a type error, as the runtime would throw a RangeError. */
export type StatusInRange<Status extends number> = number extends Status
  ? unknown
  : `${Status}` extends `${2 | 3 | 4 | 5}${Digit}${Digit}`
    ? unknown
    : MockTypeError<'A response status must be a whole number from 200 to 599 (use HttpResponse.error() for a network error).'>

type Digit = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9

export type CheckedInit<Status extends number> = HttpResponseInit & { status?: Status & StatusInRange<Status> }

/**
 * The Fetch `ResponseInit`.
 *
 * @example
 * const init: HttpResponseInit = { status: 201, headers: { location: '/posts/1' } }
 */
export type HttpResponseInit = ResponseInit

/** As msw 2.15, a body of known size also gets its `Content-Length`. */
function withContentType(init: HttpResponseInit | undefined, contentType: string, byteLength?: number): HttpResponseInit {
  if (init?.headers === undefined) {
    // A record is the cheapest init for the Response's own headers.
    const headers = new HelperHeaders(contentType, byteLength) as unknown as Record<string, string>
    return init === undefined ? { headers } : { ...init, headers }
  }
  // Pairs: a test environment's Headers (happy-dom's, as a browser's) drops Set-Cookie.
  const given = new Headers(init.headers)
  const headers = headerPairs(init.headers)
  if (!given.has('content-type')) headers.push(['content-type', contentType])
  if (byteLength !== undefined && !given.has('content-length')) headers.push(['content-length', String(byteLength)])
  return { ...init, headers }
}

function headerPairs(init: HeadersInit): Array<[string, string]> {
  if (Array.isArray(init)) return init.map(([name, value]) => [name!, value!])
  if (init instanceof Headers) {
    const pairs: Array<[string, string]> = []
    init.forEach((value, name) => {
      if (name !== 'set-cookie') pairs.push([name, value])
    })
    for (const cookie of setCookieValues(init)) pairs.push(['set-cookie', cookie])
    return pairs
  }
  return Object.entries(init as Record<string, string>)
}

/** A helper's headers where the resolver gave none: no `Set-Cookie` to remember. */
class HelperHeaders {
  readonly 'content-type': string
  declare readonly 'content-length'?: string

  constructor(contentType: string, byteLength: number | undefined) {
    this['content-type'] = contentType
    if (byteLength !== undefined) this['content-length'] = String(byteLength)
  }
}

/** Counted without encoding the text: every response pays for this. */
function textLength(text: string | null | undefined): number {
  if (!text) return 0
  let bytes = text.length
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index)
    if (code < 0x80) continue
    if (code < 0x800) bytes += 1
    else if (code >= 0xd800 && code <= 0xdbff && index + 1 < text.length && (text.charCodeAt(index + 1) & 0xfc00) === 0xdc00) {
      bytes += 2 // a surrogate pair: 4 bytes for 2 UTF-16 units
      index++
    } else bytes += 2
  }
  return bytes
}

function withStatusText(init: HttpResponseInit | undefined): ResponseInit {
  if (init === undefined) return OK
  const status = init.status || 200
  // The three members a Response reads, not a spread: every response pays for this.
  return { status, statusText: init.statusText || statusText(status), headers: init.headers }
}

const OK: ResponseInit = Object.freeze({ status: 200, statusText: 'OK' })

export function statusText(status: number): string {
  return REASON_PHRASES[status] ?? ''
}

// The IANA list msw reads, as a plain table: `node:http` would not bundle for the browser.
const REASON_PHRASES: Readonly<Record<number, string>> = {
  100: 'Continue', 101: 'Switching Protocols', 102: 'Processing', 103: 'Early Hints',
  200: 'OK', 201: 'Created', 202: 'Accepted', 203: 'Non-Authoritative Information', 204: 'No Content',
  205: 'Reset Content', 206: 'Partial Content', 207: 'Multi-Status', 208: 'Already Reported', 226: 'IM Used',
  300: 'Multiple Choices', 301: 'Moved Permanently', 302: 'Found', 303: 'See Other', 304: 'Not Modified',
  305: 'Use Proxy', 307: 'Temporary Redirect', 308: 'Permanent Redirect',
  400: 'Bad Request', 401: 'Unauthorized', 402: 'Payment Required', 403: 'Forbidden', 404: 'Not Found',
  405: 'Method Not Allowed', 406: 'Not Acceptable', 407: 'Proxy Authentication Required', 408: 'Request Timeout',
  409: 'Conflict', 410: 'Gone', 411: 'Length Required', 412: 'Precondition Failed', 413: 'Payload Too Large',
  414: 'URI Too Long', 415: 'Unsupported Media Type', 416: 'Range Not Satisfiable', 417: 'Expectation Failed',
  418: "I'm a Teapot", 421: 'Misdirected Request', 422: 'Unprocessable Entity', 423: 'Locked',
  424: 'Failed Dependency', 425: 'Too Early', 426: 'Upgrade Required', 428: 'Precondition Required',
  429: 'Too Many Requests', 431: 'Request Header Fields Too Large', 451: 'Unavailable For Legal Reasons',
  500: 'Internal Server Error', 501: 'Not Implemented', 502: 'Bad Gateway', 503: 'Service Unavailable',
  504: 'Gateway Timeout', 505: 'HTTP Version Not Supported', 506: 'Variant Also Negotiates',
  507: 'Insufficient Storage', 508: 'Loop Detected', 509: 'Bandwidth Limit Exceeded', 510: 'Not Extended',
  511: 'Network Authentication Required',
}

/** What `JSON.stringify` turns into `{}` or drops gives a 500 naming it. Top level only: one prototype read. */
function assertJsonBody(body: unknown): void {
  if (typeof body === 'function') {
    throw new TypeError(message('HttpResponse.json() got a function, which JSON.stringify drops.', 'Call it and pass its result, or pass a plain object.'))
  }
  if (typeof body !== 'object' || body === null) return
  const prototype = Object.getPrototypeOf(body)
  if (prototype === Object.prototype || prototype === Array.prototype || prototype === null) return
  const refused = refusedKind(body)
  if (refused) throw new TypeError(message(`HttpResponse.json() got ${refused[0]}, which JSON.stringify turns into "{}".`, refused[1]))
}

function refusedKind(body: object): readonly [string, string] | undefined {
  if (body instanceof Map) return ['a Map', 'Pass a plain object: HttpResponse.json(Object.fromEntries(map)).']
  if (body instanceof Set) return ['a Set', 'Pass an array: HttpResponse.json([...set]).']
  if (body instanceof WeakMap || body instanceof WeakSet) return ['a WeakMap or WeakSet', 'Pass a plain object or array.']
  if (body instanceof Promise) return ['a Promise', 'Await it first: HttpResponse.json(await value).']
  if (body instanceof ArrayBuffer || ArrayBuffer.isView(body)) return ['binary data', 'Use HttpResponse.arrayBuffer() for a binary body.']
  return undefined
}

/**
 * A Fetch `Response` that remembers the type of its body, checked against a handler's declared one.
 *
 * @example
 * const answer = (): HttpResponse<{ id: string }> => HttpResponse.json({ id: '1' })
 */
export interface HttpResponse<BodyType = any> extends Response {
  /** Type-only, never set at runtime. */
  readonly [bodyTypeBrand]: BodyType
}

/**
 * The type of the `HttpResponse` value (an interface: a class constructor cannot have its own type parameter
 * that checks a literal status).
 *
 * @example
 * const Responses: HttpResponseConstructor = HttpResponse
 * Responses.json({ error: 'not found' }, { status: 404 })
 */
export interface HttpResponseConstructor {
  /** A response with a raw body (string, stream, bytes, form or search params). */
  new <BodyType = any, const Status extends number = number>(body?: NoInference<BodyInitFor<BodyType>> | null, init?: CheckedInit<Status>): HttpResponse<BodyType>
  /** What `instanceof HttpResponse` narrows to. */
  readonly prototype: HttpResponse

  /** A response with a JSON body and `content-type: application/json`. */
  // BodyType comes from a type argument or the declared response body, never from the body, and checks it
  // strictly as msw 2. Where it is open (`JsonBodyType`, `any`, `unknown`), Body is inferred from the body
  // and `OpenJsonBody` refuses what JSON loses. Written out: an alias costs 7% more on a file of handlers.
  json<BodyType extends JsonBodyType = JsonBodyType, Status extends number = number, Body extends OpenJsonBody = BodyType & OpenJsonBody>(
    body: JsonBodyType extends BodyType ? Body : NoInference<BodyType>,
    init?: CheckedInit<Status>,
  ): HttpResponse<JsonBodyType extends BodyType ? Body : BodyType>

  /** A response with a text body and `content-type: text/plain`. */
  text<BodyType extends string, Status extends number = number>(body?: BodyType | null, init?: CheckedInit<Status>): HttpResponse<BodyType>

  /** A response with an XML body and `content-type: text/xml`. */
  xml<BodyType extends string, Status extends number = number>(body?: BodyType | null, init?: CheckedInit<Status>): HttpResponse<BodyType>

  /** A response with an HTML body and `content-type: text/html`. */
  html<BodyType extends string, Status extends number = number>(body?: BodyType | null, init?: CheckedInit<Status>): HttpResponse<BodyType>

  /** A response with a binary body and `content-type: application/octet-stream`. */
  arrayBuffer<Status extends number = number>(body?: ArrayBuffer | SharedArrayBuffer, init?: CheckedInit<Status>): HttpResponse<ArrayBuffer>

  /** A response with a multipart form body (the content type carries the boundary). */
  formData<Status extends number = number>(body?: FormData, init?: CheckedInit<Status>): HttpResponse<FormData>

  /** A network error: fetch rejects with a TypeError, node:http emits `error`. */
  error(): HttpResponse<any>

  /** A redirect to `url` (the Fetch `Response.redirect`). */
  redirect(url: string | URL, status?: number): Response
}

/** Typed loosely: `HttpResponseConstructor` carries the type checks. */
class HttpResponseImpl extends DeferredBodyResponse implements HttpResponse {
  declare readonly [bodyTypeBrand]: any

  constructor(body?: FetchBodyInit | null, init?: HttpResponseInit) {
    super(body, withStatusText(init), init?.headers instanceof HelperHeaders)
    if (typeof ReadableStream !== 'undefined' && body instanceof ReadableStream) streamBody.mark(this)
    if (!(init?.headers instanceof HelperHeaders)) rememberSetCookies(this, init)
  }

  static override json(body: unknown, init?: HttpResponseInit): HttpResponse {
    assertJsonBody(body)
    const text = body === undefined ? null : JSON.stringify(body)
    const response = new HttpResponseImpl(text, withContentType(init, 'application/json', textLength(text)))
    return init?.headers !== undefined && new Headers(init.headers).has('content-type') ? response : defaultContentType.mark(response)
  }

  static text(body?: string | null, init?: HttpResponseInit): HttpResponse {
    return new HttpResponseImpl(body ?? null, withContentType(init, 'text/plain', textLength(body)))
  }

  static xml(body?: string | null, init?: HttpResponseInit): HttpResponse {
    return new HttpResponseImpl(body ?? null, withContentType(init, 'text/xml'))
  }

  static html(body?: string | null, init?: HttpResponseInit): HttpResponse {
    return new HttpResponseImpl(body ?? null, withContentType(init, 'text/html'))
  }

  static arrayBuffer(body?: ArrayBuffer | SharedArrayBuffer, init?: HttpResponseInit): HttpResponse {
    return new HttpResponseImpl(body ? (new Uint8Array(body) as Uint8Array<ArrayBuffer>) : null, withContentType(init, 'application/octet-stream', body?.byteLength))
  }

  static formData(body?: FormData, init?: HttpResponseInit): HttpResponse {
    return new HttpResponseImpl(body ?? null, init)
  }

  static override error(): HttpResponse {
    return Response.error() as HttpResponse
  }
}

// As msw's, for logs and `constructor.name`.
Object.defineProperty(HttpResponseImpl, 'name', { value: 'HttpResponse' })

/**
 * A Fetch `Response` that remembers the type of its body. `Set-Cookie` reaches the client; a ReadableStream
 * body streams.
 *
 * @example
 * http.get('/posts/:id', ({ params }) => HttpResponse.json({ id: params.id }))
 * http.get('/gone', () => new HttpResponse(null, { status: 404 }))
 */
export const HttpResponse: HttpResponseConstructor = HttpResponseImpl
