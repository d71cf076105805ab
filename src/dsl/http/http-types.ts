import type { HandlerOptions } from '../../kernel/index.js'
import type { StrictRequest } from '../response/body-types.js'
import type { HttpResponse } from '../response/http-response.js'
import type { IsAny, MaybePromise } from '../shared/maybe-promise.js'
import type { HttpHandler } from './http-handler.js'
import type { HttpPredicate } from './http-predicate.js'
import type { PathParams } from './path-params.js'

/**
 * What a REST resolver receives.
 *
 * @example
 * http.get('/posts/:id', ({ request, params, cookies, requestId }) => HttpResponse.json({ id: params.id }))
 */
export interface HttpResolverInfo<Params, RequestBody = any> {
  /** The intercepted request; its body is readable. */
  readonly request: IsAny<RequestBody> extends true ? Request : StrictRequest<RequestBody>
  /** Path params, URL-decoded. */
  readonly params: Params
  /** The request's cookies by name. */
  readonly cookies: Record<string, string>
  /** An id unique to this request (also in lifecycle events). */
  readonly requestId: string
}

/** The Response a resolver may answer: any Response, or an `HttpResponse` of the declared body type. */
export type ResolverResponse<ResponseBody> = IsAny<ResponseBody> extends true ? Response : HttpResponse<ResponseBody>

/** What a resolver returns: a response, or nothing to fall through. */
export type ResolverResult<ResponseBody> = ResolverResponse<ResponseBody> | undefined | void

/**
 * A REST resolver: a function, an async function, or a generator (each request
 * takes the next yielded response; the returned one repeats after).
 */
export type HttpResolver<Params, RequestBody = any, ResponseBody = any> = (
  info: HttpResolverInfo<Params, RequestBody>,
) =>
  | MaybePromise<ResolverResult<ResponseBody>>
  | Generator<MaybePromise<ResolverResult<ResponseBody>>, ResolverResult<ResponseBody>, unknown>
  | AsyncGenerator<ResolverResult<ResponseBody>, ResolverResult<ResponseBody>, unknown>

/** The shape of explicitly declared params. */
export type ParamsShape = Record<string, string | undefined>

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
  <Path extends string>(path: Path, resolver: HttpResolver<PathParams<Path>>, options?: HandlerOptions): HttpHandler
  <Params extends ParamsShape = Record<string, string>, RequestBody = any, ResponseBody = any>(
    predicate: HttpPredicate,
    resolver: HttpResolver<Params, RequestBody, ResponseBody>,
    options?: HandlerOptions,
  ): HttpHandler
}
