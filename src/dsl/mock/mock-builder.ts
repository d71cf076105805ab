import { message } from '../../kernel/index.js'
import { installMisuseGuards } from './misuse-guards.js'
import type { MockHandler, MockTarget } from './mock-handler.js'
import type { CookiesMatcher, HeadersMatcher } from './record-steps.js'
import { ANSWER_TABLE, STEP_TABLE, type AnswerName, type MockKind, type MockResolver, type MockStep, type StepRow, type StepTableName } from './step-table.js'

/** Where a builder starts, and what its answer makes: a `Mock` over the target made from the answer's resolver. */
export interface MockStart {
  readonly kind: MockKind
  /** The mock in messages: `GET /posts/:id`, `query ListPosts`. */
  readonly header: string
  readonly Mock: new (target: MockTarget<any, any>, steps: readonly MockStep[]) => MockHandler<any>
  target(resolver: MockResolver): MockTarget<any, any>
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
    const resolver = ANSWER_TABLE[name][start.kind](args, start.header)
    // On the first mock, not at import: a bundle that never builds one can drop the builder.
    installMisuseGuards(start.Mock.prototype, start.kind)
    return new start.Mock(start.target(resolver), this.#steps)
  }
}
