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

interface BuilderState {
  readonly start: MockStart
  readonly steps: readonly MockStep[]
  /** Steps that may be called once, already called. */
  readonly called: readonly StepTableName[]
}

// Kept beside the builder rather than in private fields: a class with a static block to reach
// them would run at import and keep the whole builder in bundles of apps that never use it.
const states = new WeakMap<MockBuilder, BuilderState>()

/**
 * The runtime side of `RestMockBuilder` and `GraphQLMockBuilder` (their types
 * live in `rest-builder-types.ts` and `graphql-builder-types.ts`). Its step
 * and answer methods are generated from the step table, per builder kind.
 * Immutable: each step returns a new builder, so a partial builder can be reused.
 * @internal
 */
export class MockBuilder {
  constructor(start: MockStart, steps: readonly MockStep[] = [], called: readonly StepTableName[] = []) {
    states.set(this, { start, steps, called })
  }

  /** Starts a builder of the prototype its kind has (the methods of that builder only). */
  static start(start: MockStart): MockBuilder {
    return new (builderOf(start.kind))(start)
  }
}

function step(builder: MockBuilder, name: StepTableName, args: readonly unknown[]): MockBuilder {
  const { start, steps, called } = states.get(builder)!
  const row: StepRow = STEP_TABLE[name]
  if (row.once !== undefined && called.includes(name)) throw new Error(message(`.${name}() was called twice on mock "${start.header}".`, row.once))
  const check = row.compile(args, start.header)
  const nextSteps = check === undefined ? steps : [...steps, { name, ...check }]
  const nextCalled = row.once === undefined ? called : [...called, name]
  return new (builder.constructor as typeof MockBuilder)(start, nextSteps, nextCalled)
}

function answer(builder: MockBuilder, name: AnswerName, args: readonly unknown[]): MockHandler<any> {
  const { start, steps } = states.get(builder)!
  return start.build(steps, ANSWER_TABLE[name][start.kind](args, start.header))
}

/** One class per builder kind, so that each has only its own steps; made on first use (nothing runs at import). */
const builders = new Map<MockKind, new (start: MockStart) => MockBuilder>()

function builderOf(kind: MockKind): new (start: MockStart) => MockBuilder {
  let Builder = builders.get(kind)
  if (Builder === undefined) {
    Builder = kind === 'rest' ? class RestMockBuilder extends MockBuilder {} : class GraphQLMockBuilder extends MockBuilder {}
    const prototype = Builder.prototype
    for (const name of stepNamesOf(kind)) {
      define(prototype, name, function (this: MockBuilder, ...args: unknown[]) {
        return step(this, name, args)
      })
    }
    for (const name of ANSWER_NAMES) {
      define(prototype, name, function (this: MockBuilder, ...args: unknown[]) {
        return answer(this, name, args)
      })
    }
    builders.set(kind, Builder)
  }
  return Builder
}

function define(prototype: object, name: string, value: (...args: unknown[]) => unknown): void {
  Object.defineProperty(value, 'name', { value: name })
  Object.defineProperty(prototype, name, { configurable: true, writable: true, value })
}
