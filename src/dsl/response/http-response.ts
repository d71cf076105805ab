import { createResponseMark, message, setCookieValues } from '../../kernel/index.js'
import type { MockTypeError, NoInference } from '../shared/type-helpers.js'
import type { JsonBodyType, OpenJsonBody } from './body-types.js'
import { rememberSetCookies } from './cookie-jar.js'
import { DeferredBodyResponse } from './deferred-body-response.js'

declare const bodyTypeBrand: unique symbol

const defaultContentType = /* @__PURE__ */ createResponseMark()
const streamBody = /* @__PURE__ */ createResponseMark()

/**
 * True when the content type of a response is a helper's default (such as
 * `application/json` from `HttpResponse.json(body)` without a content-type
 * header), so a layer may refine it (GraphQL answers
 * `application/graphql-response+json` to clients that prefer it).
 *
 * @example
 * hasDefaultContentType(HttpResponse.json({})) // true
 */
export const hasDefaultContentType = defaultContentType.has

/** Records that a response was given a ReadableStream body (its size is unknown). @internal */
export const markStreamBody = streamBody.mark

/**
 * True when an `HttpResponse` was built with a ReadableStream body: the
 * resolver runner then runs `finalize` cleanups once the stream settles
 * instead of before the response is sent (a cleanup may stop what feeds it).
 *
 * @example
 * hasStreamBody(new HttpResponse(new ReadableStream())) // true
 */
export const hasStreamBody = streamBody.has

/**
 * The raw bodies `new HttpResponse(body)` accepts for a declared body type: a
 * string only for a string body type (msw 2 rejects `new HttpResponse('x')`
 * where a JSON object is declared), any `BodyInit` otherwise.
 *
 * @example
 * type A = BodyInitFor<{ id: string }> // BodyInit without string
 */
export type BodyInitFor<BodyType> = 0 extends 1 & BodyType ? FetchBodyInit : [BodyType] extends [string] ? FetchBodyInit : Exclude<FetchBodyInit, string>

/** The Fetch `BodyInit`, read from `Response` so that the published types need no DOM lib (`lib: ["es2022"], types: ["node"]`). */
type FetchBodyInit = NonNullable<ConstructorParameters<typeof Response>[0]>

/**
 * `unknown` for a status the Fetch `Response` accepts (200–599) or a status
 * only known as `number`; a `MockTypeError` for a literal outside the range,
 * which the runtime would refuse with a RangeError.
 *
 * @example
 * type Ok = StatusInRange<404> // unknown
 */
export type StatusInRange<Status extends number> = number extends Status
  ? unknown
  : `${Status}` extends `${2 | 3 | 4 | 5}${Digit}${Digit}`
    ? unknown
    : MockTypeError<'A response status must be a whole number from 200 to 599 (use HttpResponse.error() for a network error).'>

type Digit = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9

/**
 * A helper's init, with its literal status checked.
 *
 * @example
 * HttpResponse.json({ error: 'gone' }, { status: 410 })
 */
export type CheckedInit<Status extends number> = HttpResponseInit & { status?: Status & StatusInRange<Status> }

/** Init of an `HttpResponse`: the Fetch `ResponseInit`. */
export type HttpResponseInit = ResponseInit

/**
 * Adds a helper's default content type and, for a body of known size, its
 * `Content-Length` (as msw 2.15 does for `json`, `text` and `arrayBuffer`),
 * unless the resolver set them.
 */
function withContentType(init: HttpResponseInit | undefined, contentType: string, byteLength?: number): HttpResponseInit {
  if (init?.headers === undefined) {
    // The common case: a record is the cheapest init for the Response's own headers.
    const headers = new HelperHeaders(contentType, byteLength) as unknown as Record<string, string>
    return init === undefined ? { headers } : { ...init, headers }
  }
  // Pairs rather than a Headers: a test environment's Headers (happy-dom's, as a browser's) drops
  // Set-Cookie, which the response must still carry and remember.
  const given = new Headers(init.headers)
  const headers = headerPairs(init.headers)
  if (!given.has('content-type')) headers.push(['content-type', contentType])
  if (byteLength !== undefined && !given.has('content-length')) headers.push(['content-length', String(byteLength)])
  return { ...init, headers }
}

/** Every header of a `HeadersInit` as a name/value pair, each Set-Cookie apart. */
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

/** The headers a helper sets when the resolver gave none: no `Set-Cookie` to remember among them. */
class HelperHeaders {
  readonly 'content-type': string
  declare readonly 'content-length'?: string

  constructor(contentType: string, byteLength: number | undefined) {
    this['content-type'] = contentType
    if (byteLength !== undefined) this['content-length'] = String(byteLength)
  }
}

/** The UTF-8 size of a text body, counted without encoding it (every response pays for this). */
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

/** Status 200 by default, and the standard reason phrase when none is given (as msw). */
function withStatusText(init: HttpResponseInit | undefined): ResponseInit {
  if (init === undefined) return OK
  const status = init.status || 200
  // The three members a Response reads, not a spread: every response pays for this.
  return { status, statusText: init.statusText || statusText(status), headers: init.headers }
}

const OK: ResponseInit = Object.freeze({ status: 200, statusText: 'OK' })

/**
 * The standard reason phrase of `status`, or `''` for an unregistered one.
 *
 * @example
 * statusText(201) // 'Created'
 */
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

/**
 * Throws for a value `JSON.stringify` would silently turn into `{}` or drop:
 * the resolver's bug then shows as a 500 naming it instead of an empty body.
 * Only the top-level value is checked, so plain bodies cost one prototype read.
 */
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
 * A Fetch `Response` that remembers the type of its body, so that a handler
 * which declares its response body type rejects a mismatching answer.
 * `Set-Cookie` headers reach the client; ReadableStream bodies stream.
 *
 * @example
 * const answer = (): HttpResponse<{ id: string }> => HttpResponse.json({ id: '1' })
 */
export interface HttpResponse<BodyType = any> extends Response {
  /** Type-only: the declared body type. Never set at runtime. */
  readonly [bodyTypeBrand]: BodyType
}

/**
 * The type of the `HttpResponse` value: a constructor interface (the way the DOM
 * lib declares `Response`) because a class constructor cannot have a type
 * parameter of its own, and the constructor needs one to check a literal status.
 *
 * @example
 * const Response404: HttpResponseConstructor = HttpResponse
 * new Response404(null, { status: 404 })
 */
export interface HttpResponseConstructor {
  /**
   * A response with a raw body (string, stream, bytes, form or search params).
   * A literal status outside 200–599 is a type error, as it is a RangeError at runtime.
   *
   * @example
   * new HttpResponse(null, { status: 404 })
   */
  new <BodyType = any, const Status extends number = number>(body?: NoInference<BodyInitFor<BodyType>> | null, init?: CheckedInit<Status>): HttpResponse<BodyType>
  /** What `instanceof HttpResponse` narrows to. */
  readonly prototype: HttpResponse

  /**
   * A response with a JSON body and `content-type: application/json`.
   *
   * @example
   * HttpResponse.json({ error: 'not found' }, { status: 404 })
   */
  // BodyType is never inferred from the body (`NoInference`): it comes from a
  // type argument or from where the result goes (a handler's declared response
  // body, a variable's type), and the body is checked against it strictly, as
  // in msw 2; a declared type already refuses what JSON cannot carry. Where it
  // is open (`JsonBodyType`: nothing declares it; `any`, `unknown`), Body is
  // inferred from the body instead, so the response keeps the object's shape,
  // and `OpenJsonBody` refuses a function, a Map, a Set, a Promise or binary
  // data. Body's default serves a BodyType that is a helper's own type
  // parameter. No `| null` of its own: `null` (like `undefined`) is a body only
  // where the declared body type has it, or none is declared. The conditionals
  // are written out, not aliases: each call instantiates them, during
  // inference and after, and an alias adds a layer to each (7% more
  // instantiations on a file of handlers).
  json<BodyType extends JsonBodyType = JsonBodyType, Status extends number = number, Body extends OpenJsonBody = BodyType & OpenJsonBody>(
    body: JsonBodyType extends BodyType ? Body : NoInference<BodyType>,
    init?: CheckedInit<Status>,
  ): HttpResponse<JsonBodyType extends BodyType ? Body : BodyType>

  /**
   * A response with a text body and `content-type: text/plain`.
   *
   * @example
   * HttpResponse.text('pong')
   */
  text<BodyType extends string, Status extends number = number>(body?: BodyType | null, init?: CheckedInit<Status>): HttpResponse<BodyType>

  /**
   * A response with an XML body and `content-type: text/xml`.
   *
   * @example
   * HttpResponse.xml('<post id="1" />')
   */
  xml<BodyType extends string, Status extends number = number>(body?: BodyType | null, init?: CheckedInit<Status>): HttpResponse<BodyType>

  /**
   * A response with an HTML body and `content-type: text/html`.
   *
   * @example
   * HttpResponse.html('<h1>Hello</h1>')
   */
  html<BodyType extends string, Status extends number = number>(body?: BodyType | null, init?: CheckedInit<Status>): HttpResponse<BodyType>

  /**
   * A response with a binary body and `content-type: application/octet-stream`.
   *
   * @example
   * HttpResponse.arrayBuffer(new Uint8Array([1, 2, 3]).buffer)
   */
  arrayBuffer<Status extends number = number>(body?: ArrayBuffer | SharedArrayBuffer, init?: CheckedInit<Status>): HttpResponse<ArrayBuffer>

  /**
   * A response with a multipart form body (the content type carries the boundary).
   *
   * @example
   * const form = new FormData(); form.set('name', 'Ada')
   * HttpResponse.formData(form)
   */
  formData<Status extends number = number>(body?: FormData, init?: CheckedInit<Status>): HttpResponse<FormData>

  /**
   * A network error: the client's request fails (fetch rejects with a
   * TypeError, node:http emits `error`).
   *
   * @example
   * http.get('/flaky', () => HttpResponse.error())
   */
  error(): HttpResponse<any>

  /**
   * A redirect to `url` (the Fetch `Response.redirect`).
   *
   * @example
   * http.get('/old', () => HttpResponse.redirect('https://example.com/new', 301))
   */
  redirect(url: string | URL, status?: number): Response
}

/** The implementation behind `HttpResponse`; its public type is `HttpResponseConstructor`. */
class HttpResponseImpl<BodyType = any> extends DeferredBodyResponse implements HttpResponse<BodyType> {
  declare readonly [bodyTypeBrand]: BodyType

  constructor(body?: FetchBodyInit | null, init?: HttpResponseInit) {
    // A string body (every text helper's) becomes a stream only if something asks for one.
    super(body, withStatusText(init), init?.headers instanceof HelperHeaders)
    // finalize() cleanups of a streamed body wait until the stream settles.
    if (typeof ReadableStream !== 'undefined' && body instanceof ReadableStream) markStreamBody(this)
    // Browsers drop Set-Cookie from script-made responses; the browser runtime reads it back.
    if (!(init?.headers instanceof HelperHeaders)) rememberSetCookies(this, init)
  }

  // The static helpers are documented on HttpResponseConstructor.
  static override json<BodyType extends JsonBodyType = JsonBodyType, Status extends number = number, Body extends OpenJsonBody = BodyType & OpenJsonBody>(
    body: JsonBodyType extends BodyType ? Body : NoInference<BodyType>,
    init?: CheckedInit<Status>,
  ): HttpResponse<JsonBodyType extends BodyType ? Body : BodyType> {
    assertJsonBody(body)
    const text = body === undefined ? null : JSON.stringify(body)
    const response = new HttpResponseImpl<any>(text, withContentType(init, 'application/json', textLength(text)))
    // Remember the default, so GraphQL can answer its own JSON media type instead.
    return init?.headers !== undefined && new Headers(init.headers).has('content-type') ? response : defaultContentType.mark(response)
  }

  static text<BodyType extends string, Status extends number = number>(body?: BodyType | null, init?: CheckedInit<Status>): HttpResponse<BodyType> {
    return new HttpResponseImpl<any>(body ?? null, withContentType(init, 'text/plain', textLength(body)))
  }

  static xml<BodyType extends string, Status extends number = number>(body?: BodyType | null, init?: CheckedInit<Status>): HttpResponse<BodyType> {
    return new HttpResponseImpl<any>(body ?? null, withContentType(init, 'text/xml'))
  }

  static html<BodyType extends string, Status extends number = number>(body?: BodyType | null, init?: CheckedInit<Status>): HttpResponse<BodyType> {
    return new HttpResponseImpl<any>(body ?? null, withContentType(init, 'text/html'))
  }

  static arrayBuffer<Status extends number = number>(body?: ArrayBuffer | SharedArrayBuffer, init?: CheckedInit<Status>): HttpResponse<ArrayBuffer> {
    return new HttpResponseImpl<ArrayBuffer>(body ? (new Uint8Array(body) as Uint8Array<ArrayBuffer>) : null, withContentType(init, 'application/octet-stream', body?.byteLength))
  }

  static formData<Status extends number = number>(body?: FormData, init?: CheckedInit<Status>): HttpResponse<FormData> {
    return new HttpResponseImpl<FormData>(body ?? null, init)
  }

  static override error(): HttpResponse<any> {
    return Response.error() as HttpResponse<any>
  }
}

// msw's class is named HttpResponse; so is this one at runtime (logs, `constructor.name`).
Object.defineProperty(HttpResponseImpl, 'name', { value: 'HttpResponse' })

/**
 * A Fetch `Response` that remembers the type of its body, so that a handler
 * which declares its response body type rejects a mismatching answer.
 * A literal status outside 200–599 is a type error in every form.
 *
 * @example
 * http.get('/posts/:id', ({ params }) => HttpResponse.json({ id: params.id }))
 * http.get('/gone', () => new HttpResponse(null, { status: 404 }))
 */
export const HttpResponse: HttpResponseConstructor = HttpResponseImpl
