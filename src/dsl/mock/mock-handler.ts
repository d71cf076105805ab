import { onFirstUse, RequestHandler, type Handler, type IndexKey, type RequestContext } from '../../kernel/index.js'
import { reportResetError } from '../shared/resolver-runner.js'
import type { CallRecord, MockCall } from './mock-call.js'
import { checkDelay, checkTimes, limitAlreadySet, type TimesCount } from './mock-limits.js'
import type { MockStep, MockStepName } from './mock-step.js'
import { requestBody, type RequestBody } from './request-body.js'
import type { LimitSet, OneLimit } from './type-error.js'
import { rememberMock } from './mock-registry.js'

/**
 * Running a mock's steps, answering and recording its calls: loaded by the
 * first request that reaches a mock's steps or its answer, not with
 * `import 'mocklib'`. What is synchronous (building, limits, `calls`,
 * diagnostics) stays here.
 */
const answering = onFirstUse(() => import('./mock-answering.js'))

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
 * What a mock decorates: a plain handler (`http.*`- or `graphql.*`-style,
 * made from the builder's answer) and what the mock needs to describe its
 * matches. @internal
 */
export interface MockTarget<Match = any, Call = MockCall> {
  /** The plain handler: its `match` is the mock's first stage (path and method, or the operation), its `respond` the answer. */
  readonly handler: Handler<Match, RequestContext>
  /** The mock in messages: `GET /posts/:id`, `query ListPosts`. */
  readonly header: string
  /** Steps that mirror `handler.match` for diagnostics ("rejected at path"); they are never run to match. */
  readonly baseSteps: readonly MockStep[]
  /** The call record of an answered request. */
  toCall(context: RequestContext, match: Match, body: RequestBody, status: number | undefined): Call
  /** A tie-breaker between requests rejected at the same step: higher is nearer. */
  similarity?(context: RequestContext): number
}

/**
 * What every mock built by `mock.*` is: a decorator over a plain request
 * handler that adds matching steps, call history, usage limits, a delay and
 * diagnostics. Use it anywhere a handler goes (`setupServer`, `server.use`,
 * `boundary`, `getResponse`).
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
export class MockHandler<Call extends MockCall<any, any> = MockCall> extends RequestHandler<unknown> {
  readonly info: { readonly kind: 'mock'; readonly header: string }
  readonly #target: MockTarget<unknown, Call>
  /** The builder's steps, in call order (run after the wrapped handler matched). */
  readonly #steps: readonly MockStep[]
  /** Every step, for diagnostics: the wrapped handler's, then the builder's. */
  readonly #allSteps: readonly MockStep[]
  /** Added to by the answering code; read here synchronously. */
  readonly #calls: CallRecord<Call> = { kept: [], count: 0 }
  #limitedBy: string | undefined
  #delayMs = 0

  /** @internal Use `mock.get(...)…reply(...)` or `mock.query(...)…reply(...)`. */
  constructor(target: MockTarget<any, Call>, steps: readonly MockStep[]) {
    super()
    this.#target = target
    this.#steps = steps
    this.#allSteps = [...target.baseSteps, ...steps]
    ;(this as { kind: Handler['kind'] }).kind = target.handler.kind
    this.info = { kind: 'mock', header: target.header }
    rememberMock(this)
  }

  get indexKey(): IndexKey {
    return this.#target.handler.indexKey
  }

  /** The requests this mock answered, oldest first (the last `MOCK_CALL_HISTORY_LIMIT`). */
  get calls(): readonly Call[] {
    return this.#calls.kept.slice()
  }

  /** How many requests this mock answered (all of them, not only the kept ones). */
  get callCount(): number {
    return this.#calls.count
  }

  /** True once the mock answered all the requests it expects (see the class docs). */
  isDone(): boolean {
    const count = this.#calls.count
    return Number.isFinite(this.limit) ? count >= this.limit : count > 0
  }

  /** True when a step reads data asynchronously (the body, the GraphQL operation). @internal */
  get loads(): boolean {
    return this.#allSteps.some((step) => step.load !== undefined)
  }

  /** Starts the asynchronous reads of every step, so that diagnostics can use them later. @internal */
  prefetch(context: RequestContext): void {
    for (const step of this.#allSteps) step.load?.(context)
  }

  /** The mock in one line, with its steps: `GET /posts query(page="2")`. */
  get description(): string {
    const steps = this.#allSteps.map((step) => step.description).filter((text) => text !== '')
    return [this.info.header, ...steps].join(' ')
  }

  /** What is expected of it, for messages: `answered 1 of 2 times` or `never called`. */
  get progress(): string {
    if (!Number.isFinite(this.limit)) return this.callCount === 0 ? 'never called' : `answered ${this.callCount} times`
    return `answered ${this.callCount} of ${this.limit} ${this.limit === 1 ? 'time' : 'times'}`
  }

  /**
   * Answer exactly `count` requests, then let later requests reach the next handler.
   * Throws on a count that is not a whole number >= 1, or after `once()`/`persist()`
   * (a type error too: a mock has one usage limit).
   * @example mock.get('/posts').reply(200, []).times(2)
   */
  times<Self, Count extends number>(this: OneLimit<Self>, count: TimesCount<Count>): Self & LimitSet {
    const self = this as unknown as MockHandler<Call>
    self.#setLimit('times()', checkTimes(count, self.info.header))
    return self as unknown as Self & LimitSet
  }

  /**
   * Answer one request only: `times(1)`.
   * @example mock.post('/login').reply(200).once()
   */
  once<Self>(this: OneLimit<Self>): Self & LimitSet {
    const self = this as unknown as MockHandler<Call>
    self.#setLimit('once()', 1)
    return self as unknown as Self & LimitSet
  }

  /**
   * Answer any number of requests (the default; states it explicitly).
   * @example mock.get('/config').reply(200, {}).persist()
   */
  persist<Self>(this: OneLimit<Self>): Self & LimitSet {
    const self = this as unknown as MockHandler<Call>
    self.#setLimit('persist()', Number.POSITIVE_INFINITY)
    return self as unknown as Self & LimitSet
  }

  /**
   * Wait `ms` milliseconds before answering. Throws on a negative or non-finite number.
   * @example mock.get('/slow').reply(200).delay(500)
   */
  // `Self` instead of `this`: a `this` return type is instantiated for every mock type a file
  // mentions (300 routes, 300 instantiations), a method type parameter only where it is called.
  delay<Self>(this: Self, ms: number): Self {
    const self = this as unknown as MockHandler<Call>
    self.#delayMs = checkDelay(ms, self.info.header)
    return this
  }

  #setLimit(modifier: string, limit: number): void {
    if (this.#limitedBy !== undefined) throw limitAlreadySet(this.info.header, this.#limitedBy, modifier)
    this.#limitedBy = modifier
    this.limit = limit
  }

  override restore(): void {
    super.restore()
    this.#calls.kept = []
    this.#calls.count = 0
    const handler = this.#target.handler
    handler.restore()
    // A mock's answer starts over on restoreHandlers(), generator resolvers included.
    const reset = handler.reset?.()
    if (reset instanceof Promise) reset.catch(reportResetError)
  }

  /** A tie-breaker between requests rejected at the same step: higher is nearer. */
  similarity(context: RequestContext): number {
    return this.#target.similarity?.(context) ?? 0
  }

  /**
   * How far `context` gets through the steps, without reading anything new:
   * a body that was never read counts as "not captured".
   */
  diagnose(context: RequestContext): MockDiagnosis {
    const steps = this.#allSteps
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

  /** The wrapped handler matches, then every step passes (steps that need the body or the operation wait for it; no use is held meanwhile). */
  match(context: RequestContext): unknown {
    const matched = this.#target.handler.match(context)
    if (matched instanceof Promise) return matched.then((inner) => (inner === undefined ? undefined : this.#stepsPass(context, inner)))
    return matched === undefined ? undefined : this.#stepsPass(context, matched)
  }

  respond(match: unknown, context: RequestContext): Answer | Promise<Answer> {
    const loaded = answering.loaded
    if (loaded !== undefined) return loaded.answer(this.#target, this.#calls, this.#delayMs, match, context)
    // Read now what the answer would have read now: the delay, and the body (its snapshot starts here, as on later requests).
    const delayMs = this.#delayMs
    requestBody(context)
    return answering.load().then((module) => module.answer(this.#target, this.#calls, delayMs, match, context))
  }

  /** The builder's steps, once the wrapped handler matched (a mock without steps needs no code loaded to match). */
  #stepsPass(context: RequestContext, inner: unknown): unknown {
    const steps = this.#steps
    if (steps.length === 0) return inner
    return answering.use((module) => module.stepsPass(context, inner, steps, this.info.header))
  }
}
