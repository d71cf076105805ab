import { message } from '../../kernel/index.js'
import { HttpResponse } from '../response/http-response.js'
import { passthrough } from '../response/real-network.js'
import { bodyStep, type BodyMatchOptions } from './body-matcher.js'
import { variablesStep } from './graphql-steps.js'
import { cookiesStep, headersStep, queryStep, type CookiesMatcher, type HeadersMatcher, type QueryMatcher } from './record-steps.js'
import type { StepCheck } from './step-check.js'

/**
 * The matching steps of a mock, in the order they are checked. Assertion
 * messages name the step that rejected a request. `method`, `path` and
 * `operation` belong to the plain handler a mock wraps; the others are the
 * builder's steps, one per row of the step table.
 *
 * @example
 * const rejectedAt: MockStepName = 'query'
 */
export type MockStepName = 'method' | 'path' | 'operation' | StepTableName

/**
 * One matching step: a named `StepCheck`.
 *
 * @example
 * const step: MockStep = { name: 'query', description: '', check: () => undefined }
 */
export interface MockStep extends StepCheck {
  readonly name: MockStepName
}

/** The two builders: `mock.get(...)` and friends (`rest`), `mock.query/mutation(...)` (`graphql`). */
export type MockKind = 'rest' | 'graphql'

/** One matching step of the builders. @internal */
export interface StepRow {
  /** The builders that have the step. */
  readonly builders: readonly MockKind[]
  /** Set when the step may be called once per mock: what to do instead of a second call. */
  readonly once?: string
  /**
   * Compiles the step's arguments (throws a `[mocklib]` TypeError on bad input).
   * `undefined`: the call only declares a type (`.body<Type>()`), no check.
   */
  compile(args: readonly unknown[], header: string): StepCheck | undefined
}

/** One answer of the builders: how each builder turns its arguments into the wrapped handler's resolver. @internal */
export type AnswerRow = { readonly [Kind in MockKind]: (args: readonly unknown[], header: string) => MockResolver }

/**
 * Every matching step of the `mock` builders, once: how its arguments compile,
 * and which builders have it. The builders' methods (`rest-builder.ts`,
 * `graphql-builder.ts`) compile through it, the misuse guards on built mocks
 * are generated from it, and `MockStepName` lists it.
 * @internal
 */
export const STEP_TABLE = {
  query: { builders: ['rest'], compile: ([matcher]) => queryStep(matcher as QueryMatcher) },
  headers: { builders: ['rest', 'graphql'], compile: ([matcher]) => headersStep(matcher as HeadersMatcher) },
  cookies: { builders: ['rest', 'graphql'], compile: ([matcher]) => cookiesStep(matcher as CookiesMatcher) },
  body: {
    builders: ['rest'],
    once: 'Declare the body type and its matcher in one call: .body<Type>(matcher).',
    compile: ([matcher, options]) => (matcher === undefined ? undefined : bodyStep(matcher, options as BodyMatchOptions | undefined)),
  },
  variables: { builders: ['graphql'], compile: ([matcher], header) => variablesStep(matcher, header) },
} as const satisfies Record<string, StepRow>

/**
 * Every answer of the `mock` builders, with each builder's implementation: an
 * answer finishes the builder and returns the mock.
 * @internal
 */
export const ANSWER_TABLE = {
  reply: {
    rest: ([statusOrResolver, body, init], header) =>
      typeof statusOrResolver === 'function' ? (statusOrResolver as MockResolver) : statusAnswer(statusOrResolver, body, init as ResponseInit | undefined, header),
    graphql: ([bodyOrResolver], header) => (typeof bodyOrResolver === 'function' ? (bodyOrResolver as MockResolver) : graphQLBodyAnswer(bodyOrResolver, header)),
  },
  replyWith: { rest: ([response], header) => responseAnswer(response, header), graphql: ([response], header) => responseAnswer(response, header) },
  networkError: { rest: () => networkErrorAnswer, graphql: () => networkErrorAnswer },
  passthrough: { rest: () => passthroughAnswer, graphql: () => passthroughAnswer },
} as const satisfies Record<string, AnswerRow>

/** The name of a step of the table. */
export type StepTableName = keyof typeof STEP_TABLE

/** The name of an answer of the table. */
export type AnswerName = keyof typeof ANSWER_TABLE

/** The steps one builder has, from the table. */
export type StepsOf<Kind extends MockKind> = { [Name in StepTableName]: Kind extends (typeof STEP_TABLE)[Name]['builders'][number] ? Name : never }[StepTableName]

/** The table's step names for one builder, in table order. @internal */
export function stepNamesOf(kind: MockKind): StepTableName[] {
  return (Object.keys(STEP_TABLE) as StepTableName[]).filter((name) => (STEP_TABLE[name].builders as readonly MockKind[]).includes(kind))
}

/** The table's answer names. @internal */
export const ANSWER_NAMES = /* @__PURE__ */ Object.keys(ANSWER_TABLE) as AnswerName[]

/**
 * What a mock's answer compiles to: the resolver of the plain handler the
 * mock wraps (`http.*`- or `graphql.*`-style), run as those handlers run theirs.
 * @internal
 */
export type MockResolver = (info: any) => unknown

/** `.reply(status, body?, init?)` of a REST mock: a fresh response per request. @internal */
export function statusAnswer(status: unknown, body: unknown, init: ResponseInit | undefined, header: string): MockResolver {
  if (typeof status !== 'number' || !Number.isInteger(status) || status < 200 || status > 599) {
    throw new TypeError(
      message(
        `.reply() of mock "${header}" got the status ${typeof status === 'number' ? status : typeof status}.`,
        'Pass an HTTP status from 200 to 599 first (for example .reply(404)), or a resolver function; for a network failure use .networkError().',
      ),
    )
  }
  if (body instanceof ReadableStream) {
    throw new TypeError(
      message(`.reply() of mock "${header}" got a ReadableStream, which can be read only once.`, 'Answer streams from a resolver: .reply(() => new HttpResponse(stream)).'),
    )
  }
  const withStatus: ResponseInit = { ...init, status }
  if (body === undefined || body === null) return () => new HttpResponse(null, withStatus)
  if (typeof body === 'string') return () => HttpResponse.text(body, withStatus)
  if (body instanceof ArrayBuffer || ArrayBuffer.isView(body) || body instanceof Blob || body instanceof FormData || body instanceof URLSearchParams) {
    return () => new HttpResponse(body as BodyInit, withStatus)
  }
  const json = JSON.stringify(body)
  const headers = new Headers(init?.headers)
  if (!headers.has('content-type')) headers.set('content-type', 'application/json')
  return () => new HttpResponse(json, { ...withStatus, headers })
}

/** `.reply({ data, errors })` of a GraphQL mock: the body as JSON, status 200. @internal */
export function graphQLBodyAnswer(body: unknown, header: string): MockResolver {
  if (typeof body !== 'object' || body === null || !('data' in body || 'errors' in body)) {
    throw new TypeError(
      message(`.reply() of mock "${header}" expects a GraphQL response body { data, errors?, extensions? } or a resolver function.`, 'For example: .reply({ data: { posts: [] } }).'),
    )
  }
  const json = JSON.stringify(body)
  return () => new HttpResponse(json, { status: 200, headers: { 'content-type': 'application/json' } })
}

/** `.replyWith(response)`: a clone of the same response for every request. @internal */
export function responseAnswer(response: unknown, header: string): MockResolver {
  if (!(response instanceof Response)) {
    throw new TypeError(
      message(`.replyWith() of mock "${header}" got ${response === null ? 'null' : typeof response}, which is not a Response.`, 'Pass a Response, for example HttpResponse.json(data).'),
    )
  }
  if (response.bodyUsed) {
    throw new TypeError(message(`.replyWith() of mock "${header}" got a response whose body was already read.`, 'Pass a fresh response.'))
  }
  if (response.type === 'error') return () => Response.error()
  return () => response.clone()
}

/** `.networkError()`. @internal */
export const networkErrorAnswer: MockResolver = () => Response.error()

/** `.passthrough()`. @internal */
export const passthroughAnswer: MockResolver = () => passthrough()
