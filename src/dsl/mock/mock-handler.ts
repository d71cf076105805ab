import { isPassthrough, message, RequestHandler, type Handler, type IndexKey, type RequestContext } from '../../kernel/index.js'
import { delay as wait } from '../response/delay.js'
import { reportResetError } from '../shared/resolver-runner.js'
import { RecentList } from '../shared/recent-list.js'
import { requestBody, type RequestBody } from './request-body.js'
import type { MockStep, MockStepName } from './step-table.js'
import type { MockTypeError } from '../shared/type-helpers.js'

/**
 * One request a mock answered, as kept in `mock.calls`.
 *
 * @example
 * const created = mock.post('/posts').body<{ title: string }>().reply(201)
 * created.calls[0]?.body.title // 'Hello', after the request
 */
export interface MockCall<Params = Record<string, string>, Body = unknown> {
  /** The intercepted request (its body may be read by then: use `body`). */
  readonly request: Request
  /** The request id, as in lifecycle events. */
  readonly requestId: string
  /** Path params (REST) or `{}`. */
  readonly params: Params
  /** The parsed body: JSON, a form as an object, the text, or `undefined` for none. */
  readonly body: Body
  /** When the request was answered (`Date.now()`). */
  readonly time: number
  /** The answered status: `0` for `networkError()`, `undefined` for `passthrough()`. */
  readonly status: number | undefined
}

/**
 * How many of its latest calls a mock keeps in `calls` (`callCount` counts them all).
 *
 * @example
 * expect(getPost.calls.length).toBeLessThanOrEqual(MOCK_CALL_HISTORY_LIMIT) // getPost.callCount counts every call
 */
export const MOCK_CALL_HISTORY_LIMIT = 100

/**
 * The argument of `.times(n)`: a whole number of at least 1; a literal `0`, negative or fraction is a type error.
 *
 * @example
 * mock.get('/posts').reply(200).times(3)
 * // @ts-expect-error times(0) cannot answer anything
 * mock.get('/posts').reply(200).times(0)
 */
export type TimesCount<Count extends number> = number extends Count
  ? Count
  : `${Count}` extends '0' | `-${string}` | `${string}.${string}`
    ? Count & MockTypeError<'times(n) needs a whole number n >= 1. Use .persist() to answer any number of requests, or remove the mock.'>
    : Count

/**
 * How far a request got through a mock's steps: `depth` passed; `step` and `reason` name the one that rejected it.
 *
 * @example
 * const explain = ({ step, reason }: MockDiagnosis) => (step ? `${step}() rejected it: ${reason}` : 'every step matched')
 */
export interface MockDiagnosis {
  readonly depth: number
  readonly step?: MockStepName
  readonly reason?: string
}

type Answer = Response | undefined

export function mockCall<Params>(context: RequestContext, params: Params, body: RequestBody, status: number | undefined): MockCall<Params> {
  return { request: context.request, requestId: context.requestId, params, body: body.parsed, time: Date.now(), status }
}

/** What a mock decorates: the plain handler made from the builder's answer, and how to describe its matches. */
export interface MockTarget<Match = any, Call = MockCall> {
  /** Its `match` is the mock's first stage (path and method, or the operation), its `respond` the answer. */
  readonly handler: Handler<Match, RequestContext>
  readonly header: string
  /** Steps that mirror `handler.match` for diagnostics ("rejected at path"), never run to match. */
  readonly baseSteps: readonly MockStep[]
  toCall(context: RequestContext, match: Match, body: RequestBody, status: number | undefined): Call
  similarity?(context: RequestContext): number
}

/**
 * What every mock built by `mock.*` is: a plain request handler with matching steps, call history, usage limits, a
 * delay and diagnostics. `restoreHandlers()` re-arms it and clears its calls.
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
  /** Run after the wrapped handler matched. */
  readonly #steps: readonly MockStep[]
  /** For diagnostics: the wrapped handler's steps too. */
  readonly #allSteps: readonly MockStep[]
  readonly #calls = new RecentList<Call>(MOCK_CALL_HISTORY_LIMIT)
  #limitedBy: string | undefined
  #delayMs = 0

  /** @internal Use `mock.get(...)…reply(...)` or `mock.query(...)…reply(...)`. */
  constructor(target: MockTarget<any, Call>, steps: readonly MockStep[]) {
    super()
    this.#target = target
    this.#steps = steps
    this.#allSteps = [...target.baseSteps, ...steps]
    ;(this as { kind: Handler['kind'] }).kind = target.handler.kind
    // History tells mocks apart by `info.kind` (see `isMock`), without importing this class.
    this.info = { kind: 'mock', header: target.header }
  }

  get indexKey(): IndexKey {
    return this.#target.handler.indexKey
  }

  /** The requests this mock answered, oldest first (the last `MOCK_CALL_HISTORY_LIMIT`). */
  get calls(): readonly Call[] {
    return this.#calls.items()
  }

  /** How many requests this mock answered (all of them, not only the kept ones). */
  get callCount(): number {
    return this.#calls.count
  }

  /** True once a limited mock answered its n requests, or a persistent mock one. */
  isDone(): boolean {
    return Number.isFinite(this.limit) ? this.callCount >= this.limit : this.callCount > 0
  }

  /** True when a step reads data asynchronously. @internal */
  get loads(): boolean {
    return this.#allSteps.some((step) => step.load !== undefined)
  }

  /** Starts the asynchronous reads of every step, for diagnostics. @internal */
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
   * @example mock.get('/posts').reply(200, []).times(2)
   */
  // RestMock and GraphQLMock type the limit modifiers again, returning their limited type (see LimitState).
  times<Count extends number>(count: TimesCount<Count>): MockHandler<Call> {
    if (typeof count !== 'number' || !Number.isInteger(count) || count < 1) {
      throw new TypeError(
        message(
          `.times() of mock "${this.info.header}" got ${typeof count === 'number' ? count : typeof count}, but needs a whole number of at least 1.`,
          'Use .persist() to answer any number of requests, or remove the mock.',
        ),
      )
    }
    return this.#setLimit('times()', count)
  }

  /**
   * Answer one request only: `times(1)`.
   * @example mock.post('/login').reply(200).once()
   */
  once(): MockHandler<Call> {
    return this.#setLimit('once()', 1)
  }

  /**
   * Answer any number of requests (the default; states it explicitly).
   * @example mock.get('/config').reply(200, {}).persist()
   */
  persist(): MockHandler<Call> {
    return this.#setLimit('persist()', Number.POSITIVE_INFINITY)
  }

  /**
   * Wait `ms` milliseconds before answering.
   * @example mock.get('/slow').reply(200).delay(500)
   */
  // `Self`, not `this`: a `this` return type is instantiated for every mock type a file mentions, `Self` only where called.
  delay<Self>(this: Self, ms: number): Self {
    const self = this as unknown as MockHandler<Call>
    if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0) {
      throw new TypeError(message(`.delay() of mock "${self.info.header}" got ${String(ms)}.`, 'Pass milliseconds: a number >= 0.'))
    }
    self.#delayMs = ms
    return this
  }

  #setLimit(modifier: string, limit: number): this {
    if (this.#limitedBy !== undefined) {
      throw new Error(
        message(`mock "${this.info.header}": .${modifier} was called after .${this.#limitedBy}; a mock has one usage limit.`, `Keep only one of them (the default is .persist()).`),
      )
    }
    this.#limitedBy = modifier
    this.limit = limit
    return this
  }

  override restore(): void {
    super.restore()
    this.#calls.clear()
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

  /** How far `context` gets through the steps, without reading anything new (a body never read is "not captured"). */
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

  /** The wrapped handler matches, then every step passes (waiting for the body or operation holds no use). */
  match(context: RequestContext): unknown {
    const matched = this.#target.handler.match(context)
    if (matched instanceof Promise) return matched.then((inner) => (inner === undefined ? undefined : this.#stepsPass(context, inner)))
    return matched === undefined ? undefined : this.#stepsPass(context, matched)
  }

  // Synchronous when the body is already read and there is no delay. A resolver that throws still counts as a call.
  respond(match: unknown, context: RequestContext): Answer | Promise<Answer> {
    const body = requestBody(context)
    if (body.state === 'pending' || this.#delayMs !== 0) return this.#respondLater(match, context, body, this.#delayMs)
    return this.#respondNow(match, context, body)
  }

  async #respondLater(match: unknown, context: RequestContext, body: RequestBody, delayMs: number): Promise<Answer> {
    await body.ready
    if (delayMs > 0) await wait(delayMs)
    return this.#respondNow(match, context, body)
  }

  #respondNow(match: unknown, context: RequestContext, body: RequestBody): Answer | Promise<Answer> {
    let response: Answer | Promise<Answer>
    try {
      response = this.#target.handler.respond(match, context)
    } catch (error) {
      throw this.#failed(context, match, body, error)
    }
    if (!(response instanceof Promise)) return this.#answered(context, match, body, response)
    return response.then(
      (settled) => this.#answered(context, match, body, settled),
      (error: unknown) => Promise.reject(this.#failed(context, match, body, error)),
    )
  }

  #answered(context: RequestContext, match: unknown, body: RequestBody, response: Answer): Answer {
    if (response === undefined) return undefined
    const status = response.type === 'error' ? 0 : isPassthrough(response) ? undefined : response.status
    this.#calls.push(this.#target.toCall(context, match, body, status))
    return response
  }

  /** The client gets the thrown Response, else a 500: the call is recorded with that status. */
  #failed(context: RequestContext, match: unknown, body: RequestBody, error: unknown): unknown {
    this.#calls.push(this.#target.toCall(context, match, body, error instanceof Response ? error.status : 500))
    return error
  }

  #stepsPass(context: RequestContext, inner: unknown): unknown {
    if (this.#steps.length === 0) return inner
    const passed = this.#runSteps(context, 0)
    if (passed === true) return inner
    if (passed === false) return undefined
    return passed.then((ok) => (ok ? inner : undefined))
  }

  /** Synchronous until a step needs data that is still being read. */
  #runSteps(context: RequestContext, from: number): boolean | Promise<boolean> {
    const steps = this.#steps
    for (let index = from; index < steps.length; index++) {
      const step = steps[index]!
      const loading = step.load?.(context)
      if (loading !== undefined) return loading.then(() => this.#runSteps(context, index))
      const reason = step.check(context)
      if (reason !== undefined) {
        context.addNote(`mock ${this.info.header}: ${step.name} ${reason}`)
        return false
      }
    }
    return true
  }
}
