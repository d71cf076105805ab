import { message } from '../../kernel/index.js'
import { installMisuseGuards } from './misuse-guards.js'
import type { MockHandler, MockTarget } from './mock-handler.js'
import { ANSWER_NAMES, ANSWER_TABLE, STEP_TABLE, stepNamesOf, type AnswerName, type MockKind, type MockResolver, type MockStep, type StepRow, type StepTableName } from './step-table.js'

/** Where a builder starts, and what its answer makes: a `Mock` over the target made from the answer's resolver. */
export interface MockStart {
  readonly kind: MockKind
  /** The mock in messages: `GET /posts/:id`, `query ListPosts`. */
  readonly header: string
  readonly Mock: new (target: MockTarget<any, any>, steps: readonly MockStep[]) => MockHandler<any>
  target(resolver: MockResolver): MockTarget<any, any>
}

/**
 * What the REST and GraphQL builders share. Immutable, so that a partial builder can be reused. Its step and answer
 * methods come from the tables (`startBuilder`); the builder interfaces carry their types.
 */
class MockBuilder {
  readonly #start: MockStart
  readonly #steps: readonly MockStep[]
  /** The once-only steps already called. */
  readonly #called: readonly StepTableName[]

  constructor(start: MockStart, steps: readonly MockStep[] = [], called: readonly StepTableName[] = []) {
    this.#start = start
    this.#steps = steps
    this.#called = called
  }

  withStep(name: StepTableName, args: readonly unknown[]): MockBuilder {
    const start = this.#start
    const row: StepRow = STEP_TABLE[name]
    if (row.once !== undefined && this.#called.includes(name)) throw new Error(message(`.${name}() was called twice on mock "${start.header}".`, row.once))
    const check = row.compile(args, start.header)
    const steps = check === undefined ? this.#steps : [...this.#steps, { name, ...check }]
    const called = row.once === undefined ? this.#called : [...this.#called, name]
    return new (this.constructor as typeof MockBuilder)(start, steps, called)
  }

  answer(name: AnswerName, args: readonly unknown[]): MockHandler<any> {
    const start = this.#start
    const resolver = ANSWER_TABLE[name][start.kind](args, start.header)
    // On the first mock, not at import: a bundle that never builds one can drop the builder.
    installMisuseGuards(start.Mock.prototype, start.kind)
    return new start.Mock(start.target(resolver), this.#steps)
  }
}

const builderClasses = new Map<MockKind, typeof MockBuilder>()

/** A builder for `start`; each kind's class is made on its first mock, not at import, so that a bundle can drop it. */
export function startBuilder(start: MockStart): unknown {
  let Builder = builderClasses.get(start.kind)
  if (Builder === undefined) {
    Builder = class extends MockBuilder {}
    for (const name of stepNamesOf(start.kind)) defineMethod(Builder.prototype, name, 'withStep')
    for (const name of ANSWER_NAMES) defineMethod(Builder.prototype, name, 'answer')
    builderClasses.set(start.kind, Builder)
  }
  return new Builder(start)
}

/** As a class method would be: writable, configurable, not enumerable. */
function defineMethod(prototype: MockBuilder, name: string, via: 'withStep' | 'answer'): void {
  const value = function (this: MockBuilder, ...args: unknown[]) {
    return this[via](name as never, args)
  }
  Object.defineProperty(prototype, name, { value, writable: true, configurable: true })
}
