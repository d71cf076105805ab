import { message } from '../../kernel/index.js'
import type { MockHandler } from './mock-handler.js'
import type { MockStep } from './mock-step.js'
import type { MockResolver } from './rest-answer.js'
import { ANSWER_NAMES, ANSWER_TABLE, STEP_TABLE, stepNamesOf, type AnswerName, type MockKind, type StepRow, type StepTableName } from './step-table.js'

/** Where a builder starts, and how it builds its mock once answered. @internal */
export interface MockStart {
  readonly kind: MockKind
  /** The mock in messages: `GET /posts/:id`, `query ListPosts`. */
  readonly header: string
  build(steps: readonly MockStep[], resolver: MockResolver): MockHandler<any>
}

let stepMethod: (builder: MockBuilder, name: StepTableName, args: readonly unknown[]) => MockBuilder
let answerMethod: (builder: MockBuilder, name: AnswerName, args: readonly unknown[]) => MockHandler<any>

/**
 * The runtime side of `RestMockBuilder` and `GraphQLMockBuilder` (their types
 * live in `rest-builder-types.ts` and `graphql-builder-types.ts`). Its step
 * and answer methods are generated from the step table, per builder kind.
 * Immutable: each step returns a new builder, so a partial builder can be reused.
 * @internal
 */
export class MockBuilder {
  readonly #start: MockStart
  readonly #steps: readonly MockStep[]
  /** Steps that may be called once, already called. */
  readonly #called: readonly StepTableName[]

  constructor(start: MockStart, steps: readonly MockStep[] = [], called: readonly StepTableName[] = []) {
    this.#start = start
    this.#steps = steps
    this.#called = called
  }

  /** Starts a builder of the prototype its kind has (the methods of that builder only). */
  static start(start: MockStart): MockBuilder {
    return new BUILDERS[start.kind](start)
  }

  static {
    // Generated methods reach private state through these two closures.
    stepMethod = (builder, name, args) => builder.#step(name, args)
    answerMethod = (builder, name, args) => builder.#answer(name, args)
  }

  #step(name: StepTableName, args: readonly unknown[]): MockBuilder {
    const row: StepRow = STEP_TABLE[name]
    const { header } = this.#start
    if (row.once !== undefined && this.#called.includes(name)) throw new Error(message(`.${name}() was called twice on mock "${header}".`, row.once))
    const check = row.compile(args, header)
    const steps = check === undefined ? this.#steps : [...this.#steps, { name, ...check }]
    const called = row.once === undefined ? this.#called : [...this.#called, name]
    return new (this.constructor as typeof MockBuilder)(this.#start, steps, called)
  }

  #answer(name: AnswerName, args: readonly unknown[]): MockHandler<any> {
    const start = this.#start
    return start.build(this.#steps, ANSWER_TABLE[name][start.kind](args, start.header))
  }
}

/** One class per builder kind, so that each has only its own steps. */
const BUILDERS: Record<MockKind, new (start: MockStart) => MockBuilder> = {
  rest: class RestMockBuilder extends MockBuilder {},
  graphql: class GraphQLMockBuilder extends MockBuilder {},
}

for (const kind of Object.keys(BUILDERS) as MockKind[]) {
  const prototype = BUILDERS[kind].prototype
  for (const name of stepNamesOf(kind)) {
    define(prototype, name, function (this: MockBuilder, ...args: unknown[]) {
      return stepMethod(this, name, args)
    })
  }
  for (const name of ANSWER_NAMES) {
    define(prototype, name, function (this: MockBuilder, ...args: unknown[]) {
      return answerMethod(this, name, args)
    })
  }
}

function define(prototype: object, name: string, value: (...args: unknown[]) => unknown): void {
  Object.defineProperty(value, 'name', { value: name })
  Object.defineProperty(prototype, name, { configurable: true, writable: true, value })
}
