import { message } from '../../kernel/index.js'
import { ANSWER_NAMES, stepNamesOf, type AnswerName, type MockKind, type StepsOf } from './step-table.js'
import type { MisuseCall } from './type-error.js'

/** The type of an answer method called on a mock that already has one. */
export type AlreadyAnswered = MisuseCall<'This mock already has an answer: reply(), replyWith(), networkError() and passthrough() are called once. Build another mock for another answer.'>

/** The type of a matching step called after the answer. */
export type StepAfterAnswer = MisuseCall<'Matching steps (query, headers, cookies, body, variables) come before the answer: call them before reply().'>

/**
 * The builder methods a built mock of one kind refuses, from the step table:
 * every answer is `AlreadyAnswered`, every step of that builder `StepAfterAnswer`.
 *
 * @example
 * type Refused = keyof MisuseGuards<'graphql'> // 'reply' | … | 'variables' | 'headers' | 'cookies'
 */
export type MisuseGuards<Kind extends MockKind> = { readonly [Name in AnswerName]: AlreadyAnswered } & { readonly [Name in StepsOf<Kind>]: StepAfterAnswer }

const START: Record<MockKind, string> = { rest: 'mock.get(path)', graphql: 'mock.query(operation)' }

/**
 * Puts throwing stand-ins for the builder's methods (every answer and every
 * step the table gives this kind) on a mock class, so that plain JavaScript
 * gets the same clear message the types give. @internal
 */
export function installMisuseGuards(prototype: object, kind: MockKind): void {
  if (guarded.has(prototype)) return
  guarded.add(prototype)
  for (const name of ANSWER_NAMES) {
    guard(prototype, name, (header) => message(`mock "${header}" already has an answer, so .${name}() cannot be called on it.`, 'Build another mock for another answer.'))
  }
  for (const name of stepNamesOf(kind)) {
    guard(prototype, name, (header) => message(`.${name}() was called on mock "${header}" after its answer.`, `Matching steps come first: ${START[kind]}.${name}(...).reply(...).`))
  }
}

const guarded = new WeakSet<object>()

function guard(prototype: object, name: string, text: (header: string) => string): void {
  Object.defineProperty(prototype, name, {
    configurable: true,
    value(this: { info: { header: string } }) {
      throw new Error(text(this.info.header))
    },
  })
}
