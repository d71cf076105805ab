import { HttpResponse } from 'mocklib'
import type { JsonMediaType, TextMediaType } from './typed-paths.js'

declare const contractChecked: unique symbol

/**
 * A Response built by `response(status)` (or `response.untyped()`): the only answer a typed resolver may return,
 * so that an answer the document does not declare fails to compile.
 *
 * @example
 * const answer: ContractResponse = response(200).json({ id: 1, name: 'Rex' })
 */
export type ContractResponse = Response & { readonly [contractChecked]: true }

/**
 * Whether the init gives the status: never for `200`; optional for `'default'` (500), unless the operation
 * declares 500 itself, which `'default'` then does not describe; required for a range (`'4XX'`).
 */
type StatusRule<Status, Responses> = Status extends number
  ? 'fixed'
  : Status extends 'default'
    ? [Extract<keyof Responses, 500 | '500'>] extends [never]
      ? 'optional'
      : 'required'
    : 'required'

/** The declared headers, without openapi-typescript's `[name: string]: unknown`, as header text. */
export type DeclaredHeaders<Response> = Response extends { headers: infer Headers }
  ? { [Name in keyof Headers as string extends Name ? never : Name]: Headers[Name] extends string ? Headers[Name] : string }
  : {}

/** Whether an object type has a required key. */
export type HasRequired<Shape> = {} extends Shape ? false : true

/** The declared headers typed (others free), and `status` for `'default'` or a range. */
type AnswerInit<Response, Status, Responses> = (StatusRule<Status, Responses> extends 'fixed'
  ? { readonly status?: never }
  : StatusRule<Status, Responses> extends 'optional'
    ? { readonly status?: number }
    : { readonly status: number }) &
  (HasRequired<DeclaredHeaders<Response>> extends true
    ? { readonly headers: DeclaredHeaders<Response> & Record<string, string> }
    : { readonly headers?: DeclaredHeaders<Response> & Record<string, string> })

/** The init is required when it must carry a status or a required header. */
export type InitArguments<Init> = {} extends Init ? [init?: Init] : [init: Init]

/** Where `application/json` (or `text/plain`) is not declared, the answer names the declared media type it uses. */
type MediaTypeInit<Declared, Usual extends string> = Usual extends Declared ? { readonly contentType?: Declared } : { readonly contentType: Declared }

type Content<Response> = Response extends { content: infer Declared } ? Declared : {}

type JsonAnswer<Response, Status, Responses> = [JsonMediaType<Content<Response>>] extends [never]
  ? {}
  : {
      /** Answers a JSON body of a declared JSON media type (`application/json` unless `contentType` names another). */
      json(
        body: Content<Response>[JsonMediaType<Content<Response>>],
        ...init: InitArguments<AnswerInit<Response, Status, Responses> & MediaTypeInit<JsonMediaType<Content<Response>>, 'application/json'>>
      ): ContractResponse
    }

type TextAnswer<Response, Status, Responses> = [TextMediaType<Content<Response>>] extends [never]
  ? {}
  : {
      /** Answers a text body of a declared `text/*` media type (`text/plain` unless `contentType` names another). */
      text(
        body: Content<Response>[TextMediaType<Content<Response>>] & string,
        ...init: InitArguments<AnswerInit<Response, Status, Responses> & MediaTypeInit<TextMediaType<Content<Response>>, 'text/plain'>>
      ): ContractResponse
    }

type EmptyAnswer<Response, Status, Responses> = Response extends { content: object }
  ? {}
  : {
      /** Answers without a body (the document declares no content for this status). */
      empty(...init: InitArguments<AnswerInit<Response, Status, Responses>>): ContractResponse
    }

/**
 * What `response(status)` offers: `.json()`, `.text()` and `.empty()` only where the document declares a JSON,
 * `text/*` or no content for that status.
 *
 * @example
 * response(200).json({ id: 1, name: 'Rex' }) // response(404).empty() does not compile when 404 has content
 */
export type AnswerBuilder<Response, Status, Responses = {}> = JsonAnswer<Response, Status, Responses> & TextAnswer<Response, Status, Responses> & EmptyAnswer<Response, Status, Responses>

/**
 * A typed handler's `response`: `response(status)` for the declared statuses, `response.untyped(anyResponse)`
 * to answer what the document does not describe (an error, a `passthrough()`).
 *
 * @example
 * ({ response }) => response(404).json({ code: 404, message: 'No such pet' })
 */
export interface ResponseFactory<Responses> {
  <Status extends keyof Responses>(status: Status): AnswerBuilder<Responses[Status], Status, Responses>
  /** Lets any Response through unchecked by the types (the `contract()` check at run time still sees it). */
  untyped(response: Response): ContractResponse
}

interface RuntimeInit {
  readonly status?: number
  readonly headers?: Record<string, string>
  readonly contentType?: string
}

/** The runtime `response` of a typed handler: the types do the checking; this only resolves `'default'` and ranges. */
export function answerFactory(): ResponseFactory<Record<string | number, unknown>> {
  const factory = (declared: string | number) => ({
    json: (body: unknown, init: RuntimeInit = {}) => answer(JSON.stringify(body), declared, init, 'application/json'),
    text: (body: string, init: RuntimeInit = {}) => answer(body, declared, init, 'text/plain'),
    empty: (init: RuntimeInit = {}) => answer(null, declared, init, undefined),
  })
  factory.untyped = (response: Response) => response as ContractResponse
  return factory as unknown as ResponseFactory<Record<string | number, unknown>>
}

function answer(body: string | null, declared: string | number, init: RuntimeInit, usualType: string | undefined): ContractResponse {
  const headers = new Headers(init.headers)
  if (usualType !== undefined) headers.set('content-type', init.contentType ?? usualType)
  return new HttpResponse(body, { status: statusOf(declared, init.status), headers }) as unknown as ContractResponse
}

/** `'default'` and `'4XX'` take `init.status`, which a range must contain (`'default'` is 500 without one). */
function statusOf(declared: string | number, given: number | undefined): number {
  const fixed = typeof declared === 'number' ? declared : /^\d{3}$/.test(declared) ? Number(declared) : undefined
  if (fixed !== undefined) return fixed
  const name = String(declared)
  if (name === 'default' && given === undefined) return 500
  if (given === undefined) {
    throw new TypeError(`[mocklib] response('${name}') names no one status: pass it in the init, e.g. response('${name}').json(body, { status: ${name === 'default' ? 500 : name.replace(/X/gi, '0')} }).`)
  }
  const range = /^([1-5])XX$/i.exec(name)
  if (range !== null && Math.floor(given / 100) !== Number(range[1])) {
    throw new RangeError(`[mocklib] response('${name}') was given status ${given}, which is outside ${name}. Pass a status in ${range[1]}00–${range[1]}99, or the response that declares ${given}.`)
  }
  return given
}
