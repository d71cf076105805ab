import type { HttpPredicateInfo } from '../http/http-predicate.js'
import type { HttpResolver } from '../http/http-types.js'
import type { LiteralPathParams } from '../http/path-params.js'
import type { DefaultBodyType } from '../response/body-types.js'
import type { HttpResponse, StatusInRange } from '../response/http-response.js'
import type { NoInference } from '../shared/type-helpers.js'
import type { BodyMatcher, BodyMatchOptions } from './body-matcher.js'
import { MockBuilder } from './mock-builder.js'
import type { CookiesMatcher, HeadersMatcher, QueryMatcher } from './record-steps.js'
import { restMockStart, type RestMock } from './rest-mock.js'
import type { MisuseCall, Resolved, Unset } from './misuse-guards.js'

/**
 * The body `.reply(status, body)` accepts: the declared response type, or while none is declared any body (strings
 * become text, other values JSON).
 *
 * @example
 * type Body = ReplyBody<{ id: string }> // { id: string }
 */
export type ReplyBody<ResponseBody> = [ResponseBody] extends [Unset] ? DefaultBodyType : ResponseBody

declare const unfinished: unique symbol

/** The sentence an unfinished builder shows where a handler is expected. */
export type Unfinished = 'Unfinished mock: call .reply(...), .replyWith(...), .networkError() or .passthrough() to finish the mock before using it as a handler.'

/**
 * The type of `.body()` on a builder that already has a body step.
 *
 * @example
 * // @ts-expect-error BodyAlreadySet: one body step per mock
 * mock.post('/posts').body({ title: 'a' }).body({ draft: true })
 */
export type BodyAlreadySet = MisuseCall<'body() was already called on this mock: declare the body type and its matcher in one call, .body<Type>(matcher).'>

/**
 * `.body<Type>(matcher?, options?)`: declares the request body type (of the resolver's `request.json()` and of
 * `calls[i].body`) and optionally matches the body.
 *
 * @example
 * mock.post('/posts/:id').body<PostInput>().reply<Post>(201, post)
 * mock.post('/posts').body({ title: 'Hello' }).reply(201)
 */
export interface RestBodyStep<Params> {
  // Two signatures rather than `NoInference<Body>`: without a type argument the first takes any matcher and the body
  // type stays `unknown` (a matcher is never where it is inferred from); with one, only the second applies.
  (matcher?: BodyMatcher<unknown>, options?: BodyMatchOptions): RestMockBuilder<Params, unknown>
  <Body>(matcher?: BodyMatcher<Body>, options?: BodyMatchOptions): RestMockBuilder<Params, Body>
}

/**
 * `.reply(...)`: answers with a status, an optional body and `init` (headers, status text), or with an `http.*`
 * resolver. `.reply<Type>(…)` checks the body. Throws at once on a status outside 200–599.
 *
 * @example
 * mock.get('/posts/:id').reply<Post>(200, { id: '1', title: 'Hello' })
 * mock.get('/posts/:id').reply(({ params }) => HttpResponse.json({ id: params.id }))
 */
export interface RestReplyStep<Params, RequestBody> {
  // Overload order is type-check cost. Without a type argument the first two take every call (a function settles the
  // first at once, a number fails it cheaply), so a body is never where a response type is inferred from. A type
  // argument lands in the second's `_NoResponseType`, which refuses it, so only the last two apply, and nothing is
  // inferred but the status: no `NoInference` to build per call. `.reply<Post>(200)` is an error: a declared response
  // type needs its body.
  (resolver: HttpResolver<Params, Resolved<RequestBody, any>, any>): RestMock<Params, Resolved<RequestBody, unknown>, any>
  <_NoResponseType extends Unset = Unset, Status extends number = number>(status: Status & StatusInRange<Status>, body?: DefaultBodyType, init?: ResponseInit): RestMock<Params, Resolved<RequestBody, unknown>, any>
  <ResponseBody, Status extends number = number>(status: Status & StatusInRange<Status>, body: ResponseBody, init?: ResponseInit): RestMock<Params, Resolved<RequestBody, unknown>, ResponseBody>
  <ResponseBody>(resolver: HttpResolver<Params, Resolved<RequestBody, any>, ResponseBody>): RestMock<Params, Resolved<RequestBody, unknown>, ResponseBody>
}

/**
 * `mock.get(...)` and friends: matching steps, then one answer, which returns the mock. Each step returns a new
 * builder, so a partial builder can be reused.
 *
 * @example
 * const base = mock.get('https://api.test/posts').headers({ authorization: /^Bearer / })
 * server.use(base.query({ page: '1' }).reply(200, page1), base.query({ page: '2' }).reply(200, page2))
 */
export interface RestMockBuilder<Params, RequestBody = Unset, _Unfinished extends Unfinished = Unfinished> {
  /** Type-only: an unfinished builder is not a handler (the third type argument shows in messages). */
  readonly [unfinished]?: _Unfinished
  /** Match a subset of the search params, or a predicate over them. */
  query(matcher: QueryMatcher): RestMockBuilder<Params, RequestBody>
  /** Match a subset of the headers (names case-insensitive), or a predicate. */
  headers(matcher: HeadersMatcher): RestMockBuilder<Params, RequestBody>
  /** Match a subset of the cookies, or a predicate. */
  cookies(matcher: CookiesMatcher): RestMockBuilder<Params, RequestBody>
  /** Declare the request body type and/or match the body; once per mock. */
  readonly body: [RequestBody] extends [Unset] ? RestBodyStep<Params> : BodyAlreadySet
  /** Answer with a status (and body), or a resolver. */
  readonly reply: RestReplyStep<Params, RequestBody>
  /**
   * Answer with (a clone of) this response for every request.
   * @example mock.get('/logo').replyWith(HttpResponse.arrayBuffer(png))
   */
  replyWith<ResponseBody = Unset>(response: [ResponseBody] extends [Unset] ? Response : HttpResponse<NoInference<ResponseBody>>): RestMock<Params, Resolved<RequestBody, unknown>, Resolved<ResponseBody, any>>
  /**
   * Fail the request as a network error (fetch rejects, node:http emits `error`).
   * @example mock.get('/flaky').networkError().once()
   */
  networkError(): RestMock<Params, Resolved<RequestBody, unknown>, never>
  /**
   * Let the request reach the real network (and stop the lookup).
   * @example mock.get('http://127.0.0.1:3000/health').passthrough()
   */
  passthrough(): RestMock<Params, Resolved<RequestBody, unknown>, never>
}

/**
 * Starts a REST mock for one method, e.g. `mock.get`, with the predicates of `http.*`. An invalid pattern throws at once.
 *
 * @example
 * mock.get('/posts/:id').reply(({ params }) => HttpResponse.json({ id: params.id }))
 */
export interface RestMockFactory {
  <Path extends string>(path: Path): RestMockBuilder<LiteralPathParams<Path>>
  (predicate: RegExp | ((info: HttpPredicateInfo) => boolean)): RestMockBuilder<Record<string, string>>
}

export function restMockFactory(method: string): RestMockFactory {
  return ((predicate: never) => new RestBuilder(restMockStart(method, predicate))) as unknown as RestMockFactory
}

/** The code behind `RestMockBuilder`, whose interface carries the types. */
class RestBuilder extends MockBuilder {
  query(matcher: QueryMatcher): RestBuilder {
    return this.withStep('query', [matcher])
  }

  body(matcher?: unknown, options?: BodyMatchOptions): RestBuilder {
    return this.withStep('body', [matcher, options])
  }

  reply(statusOrResolver: unknown, body?: unknown, init?: ResponseInit): RestMock {
    return this.answer('reply', [statusOrResolver, body, init]) as RestMock
  }
}
