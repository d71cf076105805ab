import { message } from '../../kernel/index.js'
import type { MockHandler } from './mock-handler.js'
import type { CookiesMatcher, HeadersMatcher } from './record-steps.js'
import { ANSWER_TABLE, STEP_TABLE, type AnswerName, type MockKind, type MockResolver, type MockStep, type StepRow, type StepTableName } from './step-table.js'

/** Where a builder starts, and how it builds its mock once answered. */
export interface MockStart {
  readonly kind: MockKind
  /** The mock in messages: `GET /posts/:id`, `query ListPosts`. */
  readonly header: string
  build(steps: readonly MockStep[], resolver: MockResolver): MockHandler<any>
}

/** What the REST and GraphQL builders share. Immutable, so that a partial builder can be reused. */
export class MockBuilder {
  readonly #start: MockStart
  readonly #steps: readonly MockStep[]
  /** The once-only steps already called. */
  readonly #called: readonly StepTableName[]

  constructor(start: MockStart, steps: readonly MockStep[] = [], called: readonly StepTableName[] = []) {
    this.#start = start
    this.#steps = steps
    this.#called = called
  }

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

  protected answer(name: AnswerName, args: readonly unknown[]): MockHandler<any> {
    const start = this.#start
    return start.build(this.#steps, ANSWER_TABLE[name][start.kind](args, start.header))
  }
}
