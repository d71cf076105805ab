// Type-level reading of `.reply(status, body, init)` for a contract-typed
// mock: which statuses an operation declares, the response a status falls
// under, and the body and init that response asks for.
import type { MockTypeError } from 'mocklib'
import type { JsonMediaType, TextMediaType } from './typed-paths.js'
import type { DeclaredHeaders, HasRequired, InitArguments } from './typed-response.js'

type StatusClass = 1 | 2 | 3 | 4 | 5

/** `404` → `'4XX'`: the range key openapi-typescript writes. */
type RangeOf<Status extends number> = `${Status}` extends `${infer Digit extends StatusClass}${string}` ? `${Digit}XX` : never

/**
 * The statuses `.reply(status, …)` takes: those the operation declares, and
 * any other number where it declares `'default'` or a range (`'4XX'`), which
 * `ResponseAt` then reads.
 *
 * @example
 * type Statuses = ReplyStatus<ResponsesOf<operations['showPetById']>> // 200 | 404
 */
export type ReplyStatus<Responses> = Extract<keyof Responses, number> | ([Exclude<keyof Responses, number>] extends [never] ? never : number)

/**
 * The declared response a status answers under: its own, else its range
 * (`'4XX'`), else `'default'`; `never` when the document declares none of them.
 *
 * @example
 * type NotFound = ResponseAt<ResponsesOf<operations['listPets']>, 404> // the 'default' response
 */
export type ResponseAt<Responses, Status extends number> = Status extends keyof Responses
  ? Responses[Status]
  : RangeOf<Status> extends keyof Responses
    ? Responses[RangeOf<Status>]
    : 'default' extends keyof Responses
      ? Responses['default']
      : never

/** The init of `.reply()`: the declared headers typed (required ones required), others free; `content-type` required where the usual one is not declared. */
type ReplyInit<Response, MediaHeader> = { readonly statusText?: string } & (HasRequired<DeclaredHeaders<Response> & MediaHeader> extends true
  ? { readonly headers: DeclaredHeaders<Response> & MediaHeader & Record<string, string> }
  : { readonly headers?: DeclaredHeaders<Response> & MediaHeader & Record<string, string> })

/** `.reply()` writes an object as `application/json` and a string as `text/plain`: any other declared media type must be named. */
type MediaHeader<Declared, Usual extends string> = Usual extends Declared ? { readonly 'content-type'?: Declared } : { readonly 'content-type': Declared }

/** What a response declares as content, or `never` for none (openapi-typescript writes `content?: never`). */
type ContentOf<Response> = Response extends { content: infer Declared } ? Declared : never

/**
 * The arguments after the status: the body a declared JSON (else `text/*`)
 * media type gives, or none where the status declares no content; then the init.
 *
 * @example
 * type Arguments = ReplyArguments<operations['showPetById']['responses'][200], 200> // [body: Pet, init?: …]
 */
export type ReplyArguments<Response, Status extends number> = [Response] extends [never]
  ? [body: MockTypeError<`${Status} is not a status this operation declares (nor a range or 'default' that covers it): reply with a declared one.`>]
  : [ContentOf<Response>] extends [never]
    ? [body?: null, ...init: InitArguments<ReplyInit<Response, {}>>]
    : [JsonMediaType<ContentOf<Response>>] extends [never]
      ? [TextMediaType<ContentOf<Response>>] extends [never]
        ? [body: BodyInit, ...init: InitArguments<ReplyInit<Response, MediaHeader<keyof ContentOf<Response>, never>>>]
        : [body: ContentOf<Response>[TextMediaType<ContentOf<Response>>] & string, ...init: InitArguments<ReplyInit<Response, MediaHeader<TextMediaType<ContentOf<Response>>, 'text/plain'>>>]
      : [body: ContentOf<Response>[JsonMediaType<ContentOf<Response>>], ...init: InitArguments<ReplyInit<Response, MediaHeader<JsonMediaType<ContentOf<Response>>, 'application/json'>>>]

/**
 * The body type a reply sends, for the built mock's `responseBody`.
 *
 * @example
 * type Body = ReplyBodyOf<operations['showPetById']['responses'][200]> // Pet
 */
export type ReplyBodyOf<Response> = [ContentOf<Response>] extends [never] ? null : ContentOf<Response>[keyof ContentOf<Response>]

type Digit = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9

/**
 * The status, refused by the types where the builder refuses it at run time
 * (outside 200–599: a declared `101` cannot be replied with `.reply()`).
 *
 * @example
 * type Refused = CheckedStatus<101> // 101 & MockTypeError<…>
 */
export type CheckedStatus<Status extends number> = number extends Status
  ? Status
  : `${Status}` extends `${2 | 3 | 4 | 5}${Digit}${Digit}`
    ? Status
    : Status & MockTypeError<'.reply() answers a status from 200 to 599; use .networkError() for a failed request.'>
