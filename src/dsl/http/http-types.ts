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
  /**
   * The intercepted request; its body is readable. `request.json()` resolves
   * to the declared request body type, or to the JSON union msw's `DefaultBodyType` is
   * when none is declared (never `any`).
   */
  readonly request: IsAny<RequestBody> extends true ? Request : StrictRequest<RequestBody>
  /** Path params, URL-decoded. */
  readonly params: Params
  /** The request's cookies by name. */
  readonly cookies: Record<string, string>
  /** An id unique to this request (also in lifecycle events). */
  readonly requestId: string
  /**
   * Schedules a cleanup for this request: cleanups run newest first, awaited
   * before the response is sent, also when the resolver throws or the request
   * is aborted (as msw's `finalize`).
   */
  readonly finalize: FinalizeFunction
}

/** The Response a resolver may answer: any Response, or an `HttpResponse` of the declared body type. */
export type ResolverResponse<ResponseBody> = IsAny<ResponseBody> extends true ? Response : HttpResponse<ResponseBody>

/** What a resolver returns: a response, or nothing to fall through. */
export type ResolverResult<ResponseBody> = ResolverResponse<ResponseBody> | undefined | void

/**
 * A REST resolver: a function, an async function, or a generator (each request
 * takes the next yielded response; the returned one repeats after).
 */
export type HttpResolver<Params, RequestBody = JsonBodyType, ResponseBody = any> = (
  info: HttpResolverInfo<Params, RequestBody>,
) =>
  | MaybePromise<ResolverResult<ResponseBody>>
  | ResolverIterator<MaybePromise<ResolverResult<ResponseBody>>, ResolverResult<ResponseBody>>
  | AsyncResolverIterator<ResolverResult<ResponseBody>, ResolverResult<ResponseBody>>

// The runtime steps a resolver's result by `next()`; a one-member interface
// instead of the lib's `Generator` (four members, and `Iterator`'s behind
// them) keeps every resolver's return type cheap to instantiate and to infer
// from, for each `HttpResponse.json()` call inside. A `function*` still gets
// its yields typed: TypeScript reads them from `next()`.
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

/** The shape of explicitly declared params. */
export type ParamsShape = Record<string, string | undefined>

/**
 * What explicit Params may be: any object type (an interface too) whose
 * values are strings, optional strings, or msw's `string | readonly string[]`.
 *
 * @example
 * interface PostParams { id: string }
 * http.get<PostParams>('/posts/:id', ({ params }) => HttpResponse.json({ id: params.id }))
 */
export type ExplicitParams<Params> = { readonly [Key in keyof Params]?: string | readonly string[] | undefined }

/**
 * A REST handler factory such as `http.get`. Params are inferred from a path
 * literal; msw-style explicit generics `<Params, RequestBody, ResponseBody>`
 * work too (to keep inferred params and still type bodies, use `mock.get()`).
 *
 * @example
 * http.get('/posts/:id', ({ params }) => HttpResponse.json({ id: params.id }))
 * http.post<{ id: string }, { title: string }, { id: string }>('/posts/:id', resolver)
 */
export interface HttpHandlerFactory {
  // The pattern is checked on `this` (not by intersecting `path`), so that a
  // path built in a generic helper (`${base}/:id`) keeps its template type.
  // Path comes from the path alone: `NoInference` spares the compiler inferring
  // into the parsed types from `this` and the resolver on every call (a fifth
  // of the type-check time of a file of handlers), and the resolver's
  // annotation could not change it anyway. RequestBody is inferred from a
  // resolver typed apart (its `request.json()` type must fit); the response
  // body is not: any Response fits a path-inferred handler, and inferring it
  // from each resolver's `HttpResponse.json({...})` would instantiate the
  // resolver types once per response shape, which dominated a file's type-check.
  <Path extends string, RequestBody = JsonBodyType>(this: NoInference<PathThis<Path>>, path: Path, resolver: HttpResolver<NoInference<LiteralPathParams<Path>>, RequestBody, any>, options?: HandlerOptions): HttpHandler
  // A helper's path, a bare `<Path extends string>` the overload above cannot
  // show to be accepted: params are a string record, as for a widened path.
  // Second, so that the handlers of a file of literal paths never try it.
  <Path extends string, RequestBody = JsonBodyType>(
    this: NoInference<HelperPathThis<Path>>,
    path: Path,
    resolver: HttpResolver<HelperParams<Path>, RequestBody, any>,
    options?: HandlerOptions,
  ): HttpHandler
  // Params come from explicit generics only (`NoInference`), never from the
  // resolver's annotation: a resolver typed for other params is an error. One
  // `NoInference` around the whole resolver type instead of one around each
  // of its type arguments: a sixth fewer instantiations on a file of such
  // handlers.
  // Without explicit Params a string path always takes the overload above, so
  // a pattern the runtime refuses cannot slip through here.
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
 * The string paths that do not contradict explicit Params: each required key
 * of Params must appear as `:key` in the path (`http.get<{ slug: string }>('/posts/:id')`
 * is an error). Params with an index signature (msw's `PathParams`) accept any
 * path. A path only known as `string` cannot show its params, so it is refused
 * when Params name keys: build it as a template (`` `${base}/posts/:id` ``).
 *
 * @example
 * type Ok = PathNaming<{ id: string }> // `${string}:id${string}` | …
 */
// The work on the keys is an alias of the key names alone: a union of string
// literals is one type wherever it is written, so the compiler builds the
// check for `'id'` once for every handler declaring `{ id: string }`, instead
// of once per handler (each written Params type is a type of its own).
export type PathNaming<Params> = string extends keyof Params ? string : PathNamingKeys<RequiredParamKeys<Params>>

type PathNamingKeys<Keys extends string> = [Keys] extends [never]
  ? string
  :
      | IntersectAll<Keys extends unknown ? `${string}:${Keys}${string}` : never>
      // A template member keeps `${base}/posts/:id` a template type when
      // several keys make the check an intersection (no path starts with NUL).
      | `\u0000${string}`
      | MockTypeError<'The path must name (as :name) every required key of the declared Params: fix the path or the Params type.'>

// `Params extends KeyPresent<Key>` rather than `{} extends Pick<Params, Key>`:
// the same test (is the key required?), with a target shared by every Params
// naming that key instead of a `Pick` built for each Params type. Distributed
// over the keys rather than a mapped type indexed by them: no object type per
// Params.
type RequiredParamKeys<Params, Key = keyof Params> = Key extends string ? (Params extends KeyPresent<Key> ? Key : never) : never

/** An object whose key `Key` is present (required), of any type. */
type KeyPresent<Key extends PropertyKey> = { readonly [Present in Key]: unknown }

type IntersectAll<Union> = (Union extends unknown ? (value: Union) => void : never) extends (value: infer Both) => void ? Both : never

/**
 * A string (a literal, a template or `string`) must go through the
 * path-checked overload: here it is an error that says why (the pattern's
 * problem, or the resolver's params); a union such as `string | RegExp` is
 * accepted. This overload must refuse every string: with several overloads
 * TypeScript first tries each with the subtype relation, under which the
 * path-checked overload refuses a path built from a type parameter (its `this`
 * is an indexed access with a generic key), and the template would be taken
 * here as a plain `string`, with a string record as params.
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
 * The params a helper's resolver gets for its bare path type parameter: a
 * string record (the path is unknown), which is also the helper's own
 * `PathParams<Path>`, so that the helper can hand them on to a callback typed
 * `(params: PathParams<Path>) => …` without a cast. `PathParams` of a type
 * parameter is deferred, so the intersection costs nothing on literal paths
 * (they never reach this overload).
 *
 * @example
 * function mockGet<Path extends string>(path: Path, respond: (params: PathParams<Path>) => Response) {
 *   return http.get(path, ({ params }) => respond(params))
 * }
 */
export type HelperParams<Path extends string> = PathParams<Path> & Record<string, string>
