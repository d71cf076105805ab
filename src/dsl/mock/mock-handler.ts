import { isPassthrough, RequestHandler, type RequestContext } from '../../kernel/index.js'
import { delay as wait } from '../response/delay.js'
import { CallHistory, type MockCall } from './mock-call.js'
import { checkDelay, checkTimes, limitAlreadySet, type TimesCount } from './mock-limits.js'
import type { MockStep, MockStepName } from './mock-step.js'
import { requestBody, type RequestBody } from './request-body.js'

/**
 * How far a request got through a mock's steps: `depth` steps passed; `step`
 * and `reason` name the one that rejected it (absent when every step passed).
 */
export interface MockDiagnosis {
  readonly depth: number
  readonly step?: MockStepName
  readonly reason?: string
}

type Answer = Response | undefined

/**
 * What every mock built by `mock.*` is: an ordinary request handler with
 * matching steps, call history and usage limits. Use it anywhere a handler
 * goes (`setupServer`, `server.use`, `boundary`, `getResponse`).
 *
 * Limits: persistent by default (as `http.*` handlers); `times(n)` answers
 * exactly n requests, even in parallel (uses are claimed synchronously).
 * `isDone()` is true once a limited mock answered its n requests, or once a
 * persistent mock answered one. `restoreHandlers()` re-arms it and clears
 * its calls.
 *
 * @example
 * const posts = mock.get('https://api.test/posts').reply(200, []).times(2)
 * server.use(posts)
 * await fetch('https://api.test/posts')
 * posts.callCount // 1
 * posts.isDone() // false
 */
export abstract class MockHandler<Call extends MockCall<any, any> = MockCall> extends RequestHandler<true> {
  /** The matching steps, in the order they are checked (method and path first for REST). */
  protected abstract readonly steps: readonly MockStep[]
  readonly #history = new CallHistory<Call>()
  #limitedBy: string | undefined
  #delayMs = 0

  /** The answer, once every step passed. `undefined` falls through to the next handler. */
  protected abstract answer(context: RequestContext): Answer | Promise<Answer>
  /** The call record of an answered request. */
  protected abstract toCall(context: RequestContext, body: RequestBody, status: number | undefined): Call
  /** Where a rejection starts to be worth a note in the unhandled-request message (after method/path). */
  protected noteFrom = 0

  /** The requests this mock answered, oldest first (the last `MOCK_CALL_HISTORY_LIMIT`). */
  get calls(): readonly Call[] {
    return this.#history.calls
  }

  /** How many requests this mock answered (all of them, not only the kept ones). */
  get callCount(): number {
    return this.#history.count
  }

  /** True once the mock answered all the requests it expects (see the class docs). */
  isDone(): boolean {
    const count = this.#history.count
    return Number.isFinite(this.limit) ? count >= this.limit : count > 0
  }

  /** True when a step reads data asynchronously (the body, the GraphQL operation). @internal */
  get loads(): boolean {
    return this.steps.some((step) => step.load !== undefined)
  }

  /** Starts the asynchronous reads of every step, so that diagnostics can use them later. @internal */
  prefetch(context: RequestContext): void {
    for (const step of this.steps) step.load?.(context)
  }

  /** The mock in one line, with its steps: `GET /posts query(page="2")`. */
  get description(): string {
    const steps = this.steps.map((step) => step.description).filter((text) => text !== '')
    return [this.info.header, ...steps].join(' ')
  }

  /** What is expected of it, for messages: `answered 1 of 2 times` or `never called`. */
  get progress(): string {
    if (!Number.isFinite(this.limit)) return this.callCount === 0 ? 'never called' : `answered ${this.callCount} times`
    return `answered ${this.callCount} of ${this.limit} ${this.limit === 1 ? 'time' : 'times'}`
  }

  /**
   * Answer exactly `count` requests, then let later requests reach the next handler.
   * Throws on a count that is not a whole number >= 1, or after `once()`/`persist()`.
   * @example mock.get('/posts').reply(200, []).times(2)
   */
  times<Count extends number>(count: TimesCount<Count>): this {
    this.#setLimit('times()', checkTimes(count, this.info.header))
    return this
  }

  /**
   * Answer one request only: `times(1)`.
   * @example mock.post('/login').reply(200).once()
   */
  once(): this {
    this.#setLimit('once()', 1)
    return this
  }

  /**
   * Answer any number of requests (the default; states it explicitly).
   * @example mock.get('/config').reply(200, {}).persist()
   */
  persist(): this {
    this.#setLimit('persist()', Number.POSITIVE_INFINITY)
    return this
  }

  /**
   * Wait `ms` milliseconds before answering. Throws on a negative or non-finite number.
   * @example mock.get('/slow').reply(200).delay(500)
   */
  delay(ms: number): this {
    this.#delayMs = checkDelay(ms, this.info.header)
    return this
  }

  #setLimit(modifier: string, limit: number): void {
    if (this.#limitedBy !== undefined) throw limitAlreadySet(this.info.header, this.#limitedBy, modifier)
    this.#limitedBy = modifier
    this.limit = limit
  }

  override restore(): void {
    super.restore()
    this.#history.clear()
  }

  /** A tie-breaker between requests rejected at the same step: higher is nearer. */
  similarity(_context: RequestContext): number {
    return 0
  }

  /**
   * How far `context` gets through the steps, without reading anything new:
   * a body that was never read counts as "not captured".
   */
  diagnose(context: RequestContext): MockDiagnosis {
    const { steps } = this
    for (let depth = 0; depth < steps.length; depth++) {
      const step = steps[depth]!
      if (step.loaded !== undefined && !step.loaded(context)) {
        return { depth, step: step.name, reason: 'was not captured (no mock read it before it was consumed)' }
      }
      const reason = step.check(context)
      if (reason !== undefined) return { depth, step: step.name, reason }
    }
    return { depth: steps.length }
  }

  /** Every step passes (steps that need the body or the operation wait for it; no use is held meanwhile). */
  match(context: RequestContext): true | undefined | Promise<true | undefined> {
    const matched = this.#matchFrom(context, 0)
    if (matched === false) return undefined
    if (matched === true) return true
    return matched.then((ok) => (ok ? true : undefined))
  }

  respond(_match: true, context: RequestContext): Answer | Promise<Answer> {
    return this.#respond(context)
  }

  /** Runs the steps from `from`; synchronous until a step needs a body that is still being read. */
  #matchFrom(context: RequestContext, from: number): boolean | Promise<boolean> {
    const { steps } = this
    for (let index = from; index < steps.length; index++) {
      const step = steps[index]!
      const loading = step.load?.(context)
      if (loading !== undefined) return loading.then(() => this.#matchFrom(context, index))
      const reason = step.check(context)
      if (reason !== undefined) return this.#rejected(context, step, reason)
    }
    return true
  }

  #rejected(context: RequestContext, step: MockStep, reason: string): false {
    if (this.steps.indexOf(step) >= this.noteFrom) context.addNote(`mock ${this.info.header}: ${step.name} ${reason}`)
    return false
  }

  #respond(context: RequestContext): Answer | Promise<Answer> {
    const body = requestBody(context)
    if (body.state !== 'pending' && this.#delayMs === 0) {
      let answer: Answer | Promise<Answer>
      try {
        answer = this.answer(context)
      } catch (error) {
        throw this.#failed(context, body, error)
      }
      if (!(answer instanceof Promise)) return this.#answered(context, body, answer)
      return answer.then(
        (response) => this.#answered(context, body, response),
        (error: unknown) => Promise.reject(this.#failed(context, body, error)),
      )
    }
    return this.#respondLater(context, body)
  }

  async #respondLater(context: RequestContext, body: RequestBody): Promise<Answer> {
    await body.ready
    if (this.#delayMs > 0) await wait(this.#delayMs)
    let response: Answer
    try {
      response = await this.answer(context)
    } catch (error) {
      throw this.#failed(context, body, error)
    }
    return this.#answered(context, body, response)
  }

  #answered(context: RequestContext, body: RequestBody, response: Answer): Answer {
    if (response === undefined) return undefined
    const status = response.type === 'error' ? 0 : isPassthrough(response) ? undefined : response.status
    this.#history.add(this.toCall(context, body, status))
    return response
  }

  /** A resolver that throws still counts as a call (the client gets a 500, or the thrown Response). */
  #failed(context: RequestContext, body: RequestBody, error: unknown): unknown {
    this.#history.add(this.toCall(context, body, error instanceof Response ? error.status : 500))
    return error
  }
}
