import { bodyStep, type BodyMatchOptions } from './body-matcher.js'
import { variablesStep } from './graphql-steps.js'
import { cookiesStep, headersStep, queryStep, type CookiesMatcher, type HeadersMatcher, type QueryMatcher } from './record-steps.js'
import { graphQLBodyAnswer, networkErrorAnswer, passthroughAnswer, responseAnswer, statusAnswer, type MockResolver } from './rest-answer.js'
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
