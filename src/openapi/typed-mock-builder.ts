// Types only: at run time this is mocklib's own builder (typed-mock.ts).
import type { BodyAlreadySet, BodyMatcher, BodyMatchOptions, CookiesMatcher, HeadersMatcher, MockTypeError, RestMock, ValueMatcher } from 'mocklib'
import type { OpenApiResolver } from './typed-resolver-info.js'
import type { JsonMediaType, OpenApiMethod, OperationOf, ParamsOf, PathsWith, QueryOf, RequestBodyOf, ResponsesOf, TemplateNames, TextMediaType } from './typed-paths.js'
import type { DeclaredHeaders, HasRequired, InitArguments } from './typed-response.js'

type Lower = 'a' | 'b' | 'c' | 'd' | 'e' | 'f' | 'g' | 'h' | 'i' | 'j' | 'k' | 'l' | 'm' | 'n' | 'o' | 'p' | 'q' | 'r' | 's' | 't' | 'u' | 'v' | 'w' | 'x' | 'y' | 'z'
type DigitChar = '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9'
type IdentifierChar = Lower | Uppercase<Lower> | DigitChar | '_'
type Sanitized<Name extends string, Done extends string = ''> = Name extends `${infer Char}${infer Rest}` ? Sanitized<Rest, `${Done}${Char extends IdentifierChar ? Char : '_'}`> : Done

/** ASCII punctuation, which mocklib's path grammar does not allow in a param name. */
type Punctuation = ' ' | '!' | '"' | '#' | '$' | '%' | '&' | "'" | '(' | ')' | '*' | '+' | ',' | '-' | '.' | '/' | ':' | ';' | '<' | '=' | '>' | '?' | '@' | '[' | '\\' | ']' | '^' | '`' | '|' | '~'

/**
 * A template name as mocklib's path grammar matches it: `{store-id}` → `store_id` (as `toPredicatePath`
 * renames it). Plain names are kept without walking them (the common, cheap case); non-ASCII names and two
 * names that rename alike are not modelled.
 *
 * @example
 * type Name = PredicateName<'store-id'> // 'store_id'
 */
export type PredicateName<Name extends string> = Name extends `${DigitChar}${string}` ? `_${Sanitized<Name>}` : Name extends NeedsRenaming ? Sanitized<Name> : Name

/**
 * The params a contract-typed mock keeps in `calls[i].params`, by mocklib's names (`{store-id}` → `store_id`);
 * a `reply(resolver)` gets them under the document's names.
 *
 * @example
 * type Kept = MockParamsOf<'/stores/{store-id}/pets/{petId}'> // { readonly store_id: string; readonly petId: string }
 */
export type MockParamsOf<Template extends string> = [Extract<TemplateNames<Template>, NeedsRenaming>] extends [never]
  ? // The handlers' own type: a mapped type without key remapping is cheaper to compare (an array of mocks compares them all).
    ParamsOf<Template>
  : { readonly [Name in TemplateNames<Template> as PredicateName<Name>]: string }

/** The names mocklib's path grammar renames. */
type NeedsRenaming = `${DigitChar}${string}` | `${string}${Punctuation}${string}`

/**
 * What `calls[i].body` holds: the declared JSON request body, else `unknown` (a client may still send one).
 *
 * @example
 * type Kept = MockCallBodyOf<operations['createPet']> // NewPet
 */
export type MockCallBodyOf<Operation> = [RequestBodyOf<Operation>] extends [never] ? unknown : RequestBodyOf<Operation>

/**
 * `.query(...)` of a contract-typed mock: a subset of the operation's query parameters (each a string, RegExp or
 * predicate), or a predicate over all the search params.
 *
 * @example
 * petstore.mock.get('/pets').query({ limit: '10' })
 */
export type OpenApiQueryMatcher<Operation> =
  | ([keyof QueryOf<Operation>] extends [never] ? { readonly [name: string]: never } : { readonly [Name in keyof QueryOf<Operation>]?: ValueMatcher })
  | ((searchParams: URLSearchParams) => boolean)

/**
 * The type of `.body()` where the operation declares no JSON request body.
 *
 * @example
 * petstore.mock.get('/pets').body({}) // does not compile
 */
export interface NoRequestBody extends MockTypeError<'This operation declares no JSON request body, so there is no body to match: match it with .headers() or .query(), or use http.* for a body outside the contract.'> {
  (this: MockTypeError<'This operation declares no JSON request body, so there is no body to match: match it with .headers() or .query(), or use http.* for a body outside the contract.'>, ...args: readonly unknown[]): never
}

/**
 * The built mock: an ordinary REST mock with the contract's types in its history.
 *
 * @example
 * const shown: OpenApiMock<'/pets/{petId}', operations['showPetById'], Pet> = petstore.mock.get('/pets/{petId}').reply(200, rex)
 */
export type OpenApiMock<Template extends string, Operation, ResponseBody> = RestMock<MockParamsOf<Template>, MockCallBodyOf<Operation>, ResponseBody>

/**
 * `.reply(...)` of a contract-typed mock: a declared status with the body and headers its response declares, or
 * a resolver typed as a typed handler's.
 *
 * @example
 * petstore.mock.get('/pets/{petId}').reply(200, { id: 1, name: 'Rex' })
 * petstore.mock.get('/pets/{petId}').reply(({ params, response }) => response(200).json({ id: Number(params.petId), name: 'Rex' }))
 */
export interface OpenApiReplyStep<Template extends string, Operation> {
  (resolver: OpenApiResolver<Template, Operation>): OpenApiMock<Template, Operation, unknown>
  <Status extends ReplyStatus<ResponsesOf<Operation>>>(
    status: CheckedStatus<Status>,
    ...bodyAndInit: ReplyArguments<ResponseAt<ResponsesOf<Operation>, Status>, Status>
  ): OpenApiMock<Template, Operation, ReplyBodyOf<ResponseAt<ResponsesOf<Operation>, Status>>>
}

/**
 * `mock.<method>(template)` typed from the operation: mocklib's `mock` builder with query names, the request
 * body, statuses and bodies taken from the contract.
 *
 * @example
 * const created = petstore.mock.post('/pets').body({ name: 'Rex' }).reply(201, { id: 1, name: 'Rex' }, { headers: { location: '/pets/1' } })
 * created.calls[0]?.body.name // string
 */
export interface OpenApiMockBuilder<Template extends string, Operation, BodyMatched extends boolean = false> {
  /** Match a subset of the operation's query parameters, or a predicate. */
  query(matcher: OpenApiQueryMatcher<Operation>): OpenApiMockBuilder<Template, Operation, BodyMatched>
  /** Match a subset of the headers (names case-insensitive), or a predicate. */
  headers(matcher: HeadersMatcher): OpenApiMockBuilder<Template, Operation, BodyMatched>
  /** Match a subset of the cookies, or a predicate. */
  cookies(matcher: CookiesMatcher): OpenApiMockBuilder<Template, Operation, BodyMatched>
  /** Match the declared JSON request body (partially unless `{ exact: true }`); once per mock. */
  readonly body: BodyMatched extends true
    ? BodyAlreadySet
    : [RequestBodyOf<Operation>] extends [never]
      ? NoRequestBody
      : (matcher: BodyMatcher<RequestBodyOf<Operation>>, options?: BodyMatchOptions) => OpenApiMockBuilder<Template, Operation, true>
  /** Answer with a declared status and its body, or a typed resolver. */
  readonly reply: OpenApiReplyStep<Template, Operation>
  /** Answer with (a clone of) this response: not checked by the types (`contract()` still checks it at run time). */
  replyWith(response: Response): OpenApiMock<Template, Operation, unknown>
  /** Fail the request as a network error. */
  networkError(): OpenApiMock<Template, Operation, never>
  /** Let the request reach the real network. */
  passthrough(): OpenApiMock<Template, Operation, never>
}

/**
 * One builder start per method: it takes only the templates that declare the method.
 *
 * @example
 * const get: OpenApiMockFactory<paths, 'get'> = petstore.mock.get
 */
export type OpenApiMockFactory<Paths, Method extends OpenApiMethod> = <Template extends PathsWith<Paths, Method>>(
  template: Template,
) => OpenApiMockBuilder<Template, OperationOf<Paths, Template, Method>>

/**
 * `openapi<paths>(baseUrl).mock`: the `mock` builder typed from the contract.
 *
 * @example
 * const pets: OpenApiMocks<paths> = openapi<paths>('https://petstore.example.test/v1').mock
 * server.use(pets.get('/pets').query({ limit: '1' }).reply(200, []).once())
 */
export type OpenApiMocks<Paths> = { readonly [Method in OpenApiMethod]: OpenApiMockFactory<Paths, Method> }

/** `404` → `'4XX'`: the range key openapi-typescript writes. */
type RangeOf<Status extends number> = `${Status}` extends `${infer Digit extends 1 | 2 | 3 | 4 | 5}${string}` ? `${Digit}XX` : never

/**
 * The statuses `.reply(status, …)` takes: those declared, and any number where `'default'` or a range is declared.
 *
 * @example
 * type Statuses = ReplyStatus<ResponsesOf<operations['showPetById']>> // 200 | 404
 */
export type ReplyStatus<Responses> = Extract<keyof Responses, number> | ([Exclude<keyof Responses, number>] extends [never] ? never : number)

/**
 * The declared response a status answers under: its own, else its range, else `'default'`, else `never`.
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
 * The arguments after the status: the body of a declared JSON (else `text/*`) media type, or none; then the init.
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
 * The status, refused outside 200–599 as the builder refuses it at run time (a declared `101` too).
 *
 * @example
 * type Refused = CheckedStatus<101> // 101 & MockTypeError<…>
 */
export type CheckedStatus<Status extends number> = number extends Status
  ? Status
  : `${Status}` extends `${2 | 3 | 4 | 5}${Digit}${Digit}`
    ? Status
    : Status & MockTypeError<'.reply() answers a status from 200 to 599; use .networkError() for a failed request.'>
