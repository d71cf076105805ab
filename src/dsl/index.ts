export { http } from './http/http.js'
export { HttpHandler } from './http/http-handler.js'
export type { HttpPredicate, HttpPredicateInfo } from './http/http-predicate.js'
export type {
  HttpHandlerFactory,
  HttpResolver,
  HttpResolverInfo,
  ParamsShape,
  ResolverResponse,
  ResolverResult,
} from './http/http-types.js'
export type { PathParams } from './http/path-params.js'
export type { DefaultBodyType, JsonBodyType, StrictRequest } from './response/body-types.js'
export { bypass } from './response/bypass.js'
export { delay } from './response/delay.js'
export { getResponse } from './response/get-response.js'
export { HttpResponse, type HttpResponseInit } from './response/http-response.js'
export { passthrough } from './response/passthrough.js'
export { ResolverRunner } from './shared/resolver-runner.js'
export type { IsAny, MaybePromise } from './shared/maybe-promise.js'
