import { message } from '../../kernel/index.js'
import type { MisuseCall } from './type-error.js'

/** The type of an answer method called on a mock that already has one. */
export type AlreadyAnswered = MisuseCall<'This mock already has an answer: reply(), replyWith(), networkError() and passthrough() are called once. Build another mock for another answer.'>

/** The type of a matching step called after the answer. */
export type StepAfterAnswer = MisuseCall<'Matching steps (query, headers, cookies, body, variables) come before the answer: call them before reply().'>

const ANSWERS = ['reply', 'replyWith', 'networkError', 'passthrough']

/**
 * Puts throwing stand-ins for builder methods on a mock class, so that plain
 * JavaScript gets the same clear message the types give. @internal
 */
export function installMisuseGuards(prototype: object, names: readonly string[]): void {
  for (const name of names) {
    const answered = ANSWERS.includes(name)
    Object.defineProperty(prototype, name, {
      configurable: true,
      value(this: { info: { header: string } }) {
        throw new Error(
          answered
            ? message(`mock "${this.info.header}" already has an answer, so .${name}() cannot be called on it.`, 'Build another mock for another answer.')
            : message(`.${name}() was called on mock "${this.info.header}" after its answer.`, `Matching steps come first: mock.get(path).${name}(...).reply(...).`),
        )
      },
    })
  }
}
