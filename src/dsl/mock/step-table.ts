import { message } from '../../kernel/index.js'
import { HttpResponse } from '../response/http-response.js'
import { passthrough } from '../response/real-network.js'
import { bodyStep, type BodyMatchOptions } from './body-matcher.js'
import { variablesStep } from './graphql-steps.js'
import { cookiesSource, headersSource, querySource, recordStep, type CookiesMatcher, type HeadersMatcher, type QueryMatcher } from './record-steps.js'
import type { StepCheck } from './step-check.js'

/**
 * The step that rejected a request in assertion messages: `method`, `path`, `operation` or a builder step.
 *
 * @example
 * const rejectedAt: MockStepName = 'query'
 */
export type MockStepName = 'method' | 'path' | 'operation' | StepTableName

export interface MockStep extends StepCheck {
  readonly name: MockStepName
}

/** The two builders: `mock.get(...)` and friends (`rest`), `mock.query/mutation(...)` (`graphql`). */
export type MockKind = 'rest' | 'graphql'

export interface StepRow {
  readonly builders: readonly MockKind[]
  /** Set when the step may be called once per mock: what to do instead of a second call. */
  readonly once?: string
  /** `undefined`: the call only declares a type (`.body<Type>()`). */
  compile(args: readonly unknown[], header: string): StepCheck | undefined
}

/** Every matching step of the `mock` builders: their methods, the misuse guards and `MockStepName` come from it. */
export const STEP_TABLE = {
  query: { builders: ['rest'], compile: ([matcher]) => recordStep(querySource, matcher as QueryMatcher) },
  headers: { builders: ['rest', 'graphql'], compile: ([matcher]) => recordStep(headersSource, matcher as HeadersMatcher) },
  cookies: { builders: ['rest', 'graphql'], compile: ([matcher]) => recordStep(cookiesSource, matcher as CookiesMatcher) },
  body: {
    builders: ['rest'],
    once: 'Declare the body type and its matcher in one call: .body<Type>(matcher).',
    compile: ([matcher, options]) => (matcher === undefined ? undefined : bodyStep(matcher, options as BodyMatchOptions | undefined)),
  },
  variables: { builders: ['graphql'], compile: ([matcher], header) => variablesStep(matcher, header) },
} as const satisfies Record<string, StepRow>

const networkErrorAnswer: MockResolver = () => Response.error()
const passthroughAnswer: MockResolver = () => passthrough()

/** Every answer of the `mock` builders: how each builder turns its arguments into the wrapped handler's resolver. */
export const ANSWER_TABLE = {
  reply: {
    rest: ([statusOrResolver, body, init], header) =>
      typeof statusOrResolver === 'function' ? (statusOrResolver as MockResolver) : statusAnswer(statusOrResolver, body, init as ResponseInit | undefined, header),
    graphql: ([bodyOrResolver], header) => (typeof bodyOrResolver === 'function' ? (bodyOrResolver as MockResolver) : graphQLBodyAnswer(bodyOrResolver, header)),
  },
  replyWith: { rest: responseAnswer, graphql: responseAnswer },
  networkError: { rest: () => networkErrorAnswer, graphql: () => networkErrorAnswer },
  passthrough: { rest: () => passthroughAnswer, graphql: () => passthroughAnswer },
} as const satisfies Record<string, Record<MockKind, (args: readonly unknown[], header: string) => MockResolver>>

export type StepTableName = keyof typeof STEP_TABLE

export type AnswerName = keyof typeof ANSWER_TABLE

export type StepsOf<Kind extends MockKind> = { [Name in StepTableName]: Kind extends (typeof STEP_TABLE)[Name]['builders'][number] ? Name : never }[StepTableName]

export function stepNamesOf(kind: MockKind): StepTableName[] {
  return (Object.keys(STEP_TABLE) as StepTableName[]).filter((name) => (STEP_TABLE[name].builders as readonly MockKind[]).includes(kind))
}

export const ANSWER_NAMES = /* @__PURE__ */ Object.keys(ANSWER_TABLE) as AnswerName[]

/** The resolver of the plain handler (`http.*`- or `graphql.*`-style) a mock wraps. */
export type MockResolver = (info: any) => unknown

/** `.reply(status, body?, init?)` of a REST mock: a fresh response per request. */
function statusAnswer(status: unknown, body: unknown, init: ResponseInit | undefined, header: string): MockResolver {
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

function graphQLBodyAnswer(body: unknown, header: string): MockResolver {
  if (typeof body !== 'object' || body === null || !('data' in body || 'errors' in body)) {
    throw new TypeError(
      message(`.reply() of mock "${header}" expects a GraphQL response body { data, errors?, extensions? } or a resolver function.`, 'For example: .reply({ data: { posts: [] } }).'),
    )
  }
  const json = JSON.stringify(body)
  return () => new HttpResponse(json, { status: 200, headers: { 'content-type': 'application/json' } })
}

/** `.replyWith(response)`: a clone of it for every request. */
function responseAnswer([response]: readonly unknown[], header: string): MockResolver {
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
