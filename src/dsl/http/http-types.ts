import type { FinalizeFunction } from '../shared/resolver-runner.js'
import type { HandlerOptions } from '../../kernel/index.js'
import type { JsonBodyType, StrictRequest } from '../response/body-types.js'
import type { HttpResponse } from '../response/http-response.js'
import type { IsAny, MaybePromise, MockTypeError, NoInference } from '../shared/type-helpers.js'
import type { HttpHandler } from './http-handler.js'
import type { HttpPredicate, HttpPredicateInfo, HttpPredicateResult } from './http-predicate.js'
import type { HelperPathThis, LiteralPathParams, PathCheck, PathParams, PathThis } from './path-params.js'

/**
 * What a REST resolver receives.
 *
 * @example
 * http.get('/posts/:id', ({ request, params, cookies, requestId }) => HttpResponse.json({ id: params.id }))
 */
export interface HttpResolverInfo<Params, RequestBody = JsonBodyType> {
  /** The intercepted request: `request.json()` resolves to the declared body type, or JSON (never `any`). */
  readonly request: IsAny<RequestBody> extends true ? Request : StrictRequest<RequestBody>
  /** Path params, URL-decoded. */
  readonly params: Params
  /** The request's cookies by name. */
  readonly cookies: Record<string, string>
  /** An id unique to this request (also in lifecycle events). */
  readonly requestId: string
  /** Schedules a cleanup for this request, as msw's `finalize`. */
  readonly finalize: FinalizeFunction
}

/**
 * The Response a resolver may answer: any Response, or an `HttpResponse` of the declared body type.
 *
 * @example
 * const answer: ResolverResponse<{ id: string }> = HttpResponse.json({ id: '1' })
 */
export type ResolverResponse<ResponseBody> = IsAny<ResponseBody> extends true ? Response : HttpResponse<ResponseBody>

/**
 * What a resolver returns: a response, or nothing to fall through.
 *
 * @example
 * const fallThrough: ResolverResult<{ id: string }> = undefined // the next handler answers
 */
export type ResolverResult<ResponseBody> = ResolverResponse<ResponseBody> | undefined | void

/**
 * A REST resolver: a function, an async function, or a generator (each request takes the next yielded response).
 *
 * @example
 * const getPost: HttpResolver<{ id: string }> = ({ params }) => HttpResponse.json({ id: params.id })
 * http.get('/posts/:id', getPost)
 */
export type HttpResolver<Params, RequestBody = JsonBodyType, ResponseBody = any> = (
  info: HttpResolverInfo<Params, RequestBody>,
) =>
  | MaybePromise<ResolverResult<ResponseBody>>
  | ResolverIterator<MaybePromise<ResolverResult<ResponseBody>>, ResolverResult<ResponseBody>>
  | AsyncResolverIterator<ResolverResult<ResponseBody>, ResolverResult<ResponseBody>>

// One member instead of the lib's `Generator`: every resolver's return type stays cheap to instantiate and
// infer from. A `function*` still gets its yields typed from `next()`.
/**
 * What a generator resolver returns (`function*`): each request takes the next yielded response.
 *
 * @example
 * const answers: ResolverIterator<Response, Response> = (function* () { yield new Response('a'); return new Response('b') })()
 */
export interface ResolverIterator<Yielded, Returned> {
  next(...value: [] | [unknown]): IteratorResult<Yielded, Returned>
}

/**
 * What an async generator resolver returns (`async function*`).
 *
 * @example
 * const answers: AsyncResolverIterator<Response, Response> = (async function* () { yield new Response('a'); return new Response('b') })()
 */
export interface AsyncResolverIterator<Yielded, Returned> {
  next(...value: [] | [unknown]): Promise<IteratorResult<Yielded, Returned>>
}

declare const undeclared: unique symbol

/** "No explicit Params": the default of the generic overload of `HttpHandlerFactory`. */
export interface UndeclaredParams {
  readonly [undeclared]: true
}

/**
 * The shape of explicitly declared params.
 *
 * @example
 * const params: ParamsShape = { id: '7', tab: undefined }
 */
export type ParamsShape = Record<string, string | undefined>

/**
 * What explicit Params may be: any object type whose values are strings, optional strings, or msw's
 * `string | readonly string[]`.
 *
 * @example
 * interface PostParams { id: string }
 * http.get<PostParams>('/posts/:id', ({ params }) => HttpResponse.json({ id: params.id }))
 */
export type ExplicitParams<Params> = { readonly [Key in keyof Params]?: string | readonly string[] | undefined }

/**
 * A REST handler factory such as `http.get`. Params are inferred from a path literal; msw-style explicit
 * generics work too (to keep inferred params and still type bodies, use `mock.get()`).
 *
 * @example
 * http.get('/posts/:id', ({ params }) => HttpResponse.json({ id: params.id }))
 * http.post<{ id: string }, { title: string }, { id: string }>('/posts/:id', resolver)
 */
export interface HttpHandlerFactory {
  // The pattern is checked on `this`, so that a path built in a generic helper keeps its template type.
  // `NoInference`: Path comes from the path alone (a fifth of a file's type-check time otherwise). The
  // response body is not inferred: doing it per `HttpResponse.json({...})` dominated a file's type-check.
  <Path extends string, RequestBody = JsonBodyType>(this: NoInference<PathThis<Path>>, path: Path, resolver: HttpResolver<NoInference<LiteralPathParams<Path>>, RequestBody, any>, options?: HandlerOptions): HttpHandler
  // A helper's bare `<Path extends string>`, which the overload above cannot accept: string record params.
  // Second, so that literal paths never try it.
  <Path extends string, RequestBody = JsonBodyType>(
    this: NoInference<HelperPathThis<Path>>,
    path: Path,
    resolver: HttpResolver<HelperParams<Path>, RequestBody, any>,
    options?: HandlerOptions,
  ): HttpHandler
  // Params come from explicit generics only, never from the resolver's annotation. One `NoInference` around
  // the whole resolver: a sixth fewer instantiations. A string path without Params never reaches here.
  <Params extends ExplicitParams<Params> | UndeclaredParams = UndeclaredParams, RequestBody = JsonBodyType, ResponseBody = any>(
    predicate: Undeclared<Params> extends true ? RegExp | PredicateFunction : RegExp | PredicateFunction | PathNaming<Params>,
    resolver: NoInference<HttpResolver<Undeclared<Params> extends true ? Record<string, string> : Params, RequestBody, ResponseBody>>,
    options?: HandlerOptions,
  ): HttpHandler
  /** A predicate only known as `string | RegExp | …`: params are a string record. */
  <Predicate extends HttpPredicate>(
    predicate: Predicate & WidePredicate<Predicate>,
    resolver: HttpResolver<Record<string, string>>,
    options?: HandlerOptions,
  ): HttpHandler
}

/** No explicit Params (`never`, as in msw's `http.post<never, Body>`, is declared). */
type Undeclared<Params> = [Params] extends [never] ? false : [Params] extends [UndeclaredParams] ? true : false

type PredicateFunction = (info: HttpPredicateInfo) => HttpPredicateResult | Promise<HttpPredicateResult>

/**
 * The string paths that name (as `:key`) each required key of explicit Params. Params with an index
 * signature accept any path; a path only known as `string` is refused when Params name keys.
 *
 * @example
 * type Ok = PathNaming<{ id: string }> // `${string}:id${string}` | …
 */
// Keyed on the key names alone: the check for `'id'` is built once for every Params naming it.
export type PathNaming<Params> = string extends keyof Params ? string : PathNamingKeys<RequiredParamKeys<Params>>

type PathNamingKeys<Keys extends string> = [Keys] extends [never]
  ? string
  :
      | IntersectAll<Keys extends unknown ? `${string}:${Keys}${string}` : never>
      // Keeps `${base}/posts/:id` a template type when several keys intersect (no path starts with NUL).
      | `\u0000${string}`
      | MockTypeError<'The path must name (as :name) every required key of the declared Params: fix the path or the Params type.'>

// `KeyPresent<Key>` rather than `Pick<Params, Key>`: a target shared by every Params naming the key, and no
// object type per Params.
type RequiredParamKeys<Params, Key = keyof Params> = Key extends string ? (Params extends KeyPresent<Key> ? Key : never) : never

type KeyPresent<Key extends PropertyKey> = { readonly [Present in Key]: unknown }

type IntersectAll<Union> = (Union extends unknown ? (value: Union) => void : never) extends (value: infer Both) => void ? Both : never

/**
 * A string must go through the path-checked overload: here it is an error that says why; a union such as
 * `string | RegExp` is accepted. Every string is refused: TypeScript first tries overloads with the subtype
 * relation, and a path built from a type parameter would otherwise land here with string record params.
 */
type WidePredicate<Predicate> = {
  readonly wide: unknown
  readonly literal: MockTypeError<LiteralProblem<Predicate & string>>
}[[Predicate] extends [string] ? 'literal' : 'wide']

type LiteralProblem<Path extends string> =
  PathCheck<Path> extends MockTypeError<infer Message>
    ? Message
    : 'The resolver does not fit this path: its params are PathParams of the path (for example { id: string } for /posts/:id). Fix the resolver, or declare them with http.get<Params>(...).'

/**
 * The params a helper's resolver gets for its bare path type parameter: a string record that is also its
 * `PathParams<Path>`, to hand on without a cast.
 *
 * @example
 * function mockGet<Path extends string>(path: Path, respond: (params: PathParams<Path>) => Response) {
 *   return http.get(path, ({ params }) => respond(params))
 * }
 */
export type HelperParams<Path extends string> = PathParams<Path> & Record<string, string>
