// The contract-typed face of the `mock` builder: `openapi<paths>(base).mock.get('/pets/{petId}')`.
// Types only: at run time it is mocklib's own builder (typed-mock.ts).
import type { BodyAlreadySet, BodyMatcher, BodyMatchOptions, CookiesMatcher, HeadersMatcher, MockTypeError, RestMock, ValueMatcher } from 'mocklib'
import type { OpenApiResolver } from './typed-handlers.js'
import type { CheckedStatus, ReplyArguments, ReplyBodyOf, ReplyStatus, ResponseAt } from './typed-mock-reply.js'
import type { OpenApiMethod, OperationOf, ParamsOf, PathsWith, QueryOf, RequestBodyOf, ResponsesOf, TemplateNames } from './typed-paths.js'

type Lower = 'a' | 'b' | 'c' | 'd' | 'e' | 'f' | 'g' | 'h' | 'i' | 'j' | 'k' | 'l' | 'm' | 'n' | 'o' | 'p' | 'q' | 'r' | 's' | 't' | 'u' | 'v' | 'w' | 'x' | 'y' | 'z'
type DigitChar = '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9'
type IdentifierChar = Lower | Uppercase<Lower> | DigitChar | '_'
type Sanitized<Name extends string, Done extends string = ''> = Name extends `${infer Char}${infer Rest}` ? Sanitized<Rest, `${Done}${Char extends IdentifierChar ? Char : '_'}`> : Done

/** ASCII punctuation, which mocklib's path grammar does not allow in a param name. */
type Punctuation = ' ' | '!' | '"' | '#' | '$' | '%' | '&' | "'" | '(' | ')' | '*' | '+' | ',' | '-' | '.' | '/' | ':' | ';' | '<' | '=' | '>' | '?' | '@' | '[' | '\\' | ']' | '^' | '`' | '|' | '~'

/**
 * A template name as mocklib's path grammar matches it: `{store-id}` →
 * `store_id` (as `toPredicatePath` renames it at run time). Names of letters,
 * digits and `_` are kept without walking them (the common case, and the
 * cheap one); names with non-ASCII characters, and two names that rename
 * alike in one template, are not modelled.
 *
 * @example
 * type Name = PredicateName<'store-id'> // 'store_id'
 */
export type PredicateName<Name extends string> = Name extends `${DigitChar}${string}` ? `_${Sanitized<Name>}` : Name extends NeedsRenaming ? Sanitized<Name> : Name

/**
 * The params a contract-typed mock keeps in `calls[i].params`: the builder's
 * own, so by mocklib's names (`{petId}` → `petId`, `{store-id}` → `store_id`).
 * A `reply(resolver)` gets them under the document's names, as typed handlers do.
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
 * What `calls[i].body` holds: the declared JSON request body, or `unknown`
 * where the operation declares none (a client may still send one).
 *
 * @example
 * type Kept = MockCallBodyOf<operations['createPet']> // NewPet
 */
export type MockCallBodyOf<Operation> = [RequestBodyOf<Operation>] extends [never] ? unknown : RequestBodyOf<Operation>

/**
 * `.query(...)` of a contract-typed mock: expected values of the operation's
 * query parameters only (a subset, each a string, RegExp or predicate; none
 * for an operation that declares none), or a predicate over all the search params.
 *
 * @example
 * petstore.mock.get('/pets').query({ limit: '10' })
 */
export type OpenApiQueryMatcher<Operation> =
  | ([keyof QueryOf<Operation>] extends [never] ? { readonly [name: string]: never } : { readonly [Name in keyof QueryOf<Operation>]?: ValueMatcher })
  | ((searchParams: URLSearchParams) => boolean)

/** The type of `.body()` where the operation declares no JSON request body. */
export interface NoRequestBody extends MockTypeError<'This operation declares no JSON request body, so there is no body to match: match it with .headers() or .query(), or use http.* for a body outside the contract.'> {
  (this: MockTypeError<'This operation declares no JSON request body, so there is no body to match: match it with .headers() or .query(), or use http.* for a body outside the contract.'>, ...args: readonly unknown[]): never
}

/** The built mock: an ordinary REST mock with the contract's types in its history. */
export type OpenApiMock<Template extends string, Operation, ResponseBody> = RestMock<MockParamsOf<Template>, MockCallBodyOf<Operation>, ResponseBody>

/**
 * `.reply(...)` of a contract-typed mock: a declared status with the body and
 * headers its response declares (`.reply(204)` where it declares none), or a
 * resolver typed as a typed handler's (`response(status)`, `params`, `query`).
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
 * `mock.<method>(template)` typed from the operation the document declares
 * there: the same steps and answers as mocklib's `mock` builder, with query
 * names, the request body, statuses and bodies taken from the contract.
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

/** One builder start per method: it takes only the templates that declare the method. */
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
