import { message } from '../../kernel/index.js'
import type { MockHandler } from './mock-handler.js'
import type { CookiesMatcher, HeadersMatcher } from './record-steps.js'
import type { MockResolver } from './step-table.js'
import { ANSWER_TABLE, STEP_TABLE, type AnswerName, type MockKind, type MockStep, type StepRow, type StepTableName } from './step-table.js'

/** Where a builder starts, and how it builds its mock once answered. @internal */
export interface MockStart {
  readonly kind: MockKind
  /** The mock in messages: `GET /posts/:id`, `query ListPosts`. */
  readonly header: string
  build(steps: readonly MockStep[], resolver: MockResolver): MockHandler<any>
}

/**
 * What the REST and GraphQL builders share: the steps so far, compiled through
 * the step table, the steps and answers both builders have, and the answer that
 * builds the mock. Immutable: each step
 * returns a new builder, so a partial builder can be reused.
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

  /** A builder of the same class with step `name` added (throws a `[mocklib]` error on bad arguments). */
  protected withStep(name: StepTableName, args: readonly unknown[]): this {
    const start = this.#start
    const row: StepRow = STEP_TABLE[name]
    if (row.once !== undefined && this.#called.includes(name)) throw new Error(message(`.${name}() was called twice on mock "${start.header}".`, row.once))
    const check = row.compile(args, start.header)
    const steps = check === undefined ? this.#steps : [...this.#steps, { name, ...check }]
    const called = row.once === undefined ? this.#called : [...this.#called, name]
    return new (this.constructor as new (...args: ConstructorParameters<typeof MockBuilder>) => this)(start, steps, called)
  }

  headers(matcher: HeadersMatcher): this {
    return this.withStep('headers', [matcher])
  }

  cookies(matcher: CookiesMatcher): this {
    return this.withStep('cookies', [matcher])
  }

  replyWith(response: Response): MockHandler<any> {
    return this.answer('replyWith', [response])
  }

  networkError(): MockHandler<any> {
    return this.answer('networkError', [])
  }

  passthrough(): MockHandler<any> {
    return this.answer('passthrough', [])
  }

  /** The mock this builder makes with answer `name`. */
  protected answer(name: AnswerName, args: readonly unknown[]): MockHandler<any> {
    const start = this.#start
    return start.build(this.#steps, ANSWER_TABLE[name][start.kind](args, start.header))
  }
}
