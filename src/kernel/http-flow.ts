import { answerChecking } from './answer-checking-on-demand.js'
import type { CheckedExchange } from './answer-checking.js'
import type { Handler, HttpExchange } from './contracts.js'
import { dispatch, ResolverError, type DispatchOutcome } from './dispatch.js'
import { exceptionResponse, message } from './errors.js'
import type { RequestEventInfo } from './events.js'
import { asError, failInternally, type ExchangeFlow, type FlowOptions, type FlowShared } from './exchange-flow.js'
import type { HandlerScope } from './handler-scope.js'
import { isPassthrough } from './passthrough.js'
import { RequestContext } from './request-context.js'
import type { CompletedExchange } from './traffic-observer.js'
import { applyUnhandledPolicy, unhandledPolicyReady, type UnhandledVerdict } from './unhandled-policy.js'

/**
 * One runtime's part in an HTTP exchange that several runtimes answer in
 * turn, newest first (several listening servers: see `answerInChain`). The
 * runtime has emitted `request:start` and run its handlers; the chain then
 * settles the exchange through exactly one of `conclude` (this runtime
 * answered), `close` (an older one did), or the shared ending when none did.
 * @internal
 */
export interface HttpVisit {
  /** A handler of this runtime answered: a response, `passthrough()`, or a resolver that threw. */
  readonly answered: boolean
  /** Handlers of this runtime matched, and every one answered nothing. */
  readonly fellThrough: boolean
  /** True when someone wants the real response reported (see `received`). */
  readonly wantsResponse: boolean
  /** Settles the answered exchange exactly as a lone runtime would. */
  conclude(): void | Promise<void>
  /** Ends this runtime's view of an exchange it did not answer: `request:match` if its handlers fell through, then `request:end`. */
  close(): void
  /** No runtime's handlers matched: history and `request:unhandled`. */
  reportUnhandled(): void
  /** This runtime's unhandled-request policy, applied to the exchange. */
  applyPolicy(): UnhandledVerdict
  /** Reports a resolver's (or a policy's) failure: `unhandledException`. */
  fail(error: Error): void
  /** Answers the exchange with `response` (`response:mocked`, recording), once the answer checks pass. */
  answer(response: Response): void | Promise<void>
  /** The policy refused the exchange (recording). */
  refused(): void
  /** What the network answered, as `response:bypass` and recording (`undefined`: it failed). */
  received(outcome: 'passthrough' | 'unhandled', real: Response | undefined): void
}

/**
 * The flow of an HTTP exchange: `request:start`, the current scope's
 * handlers, then one ending: the mocked answer (after the answer checks), the
 * network (`passthrough()`, handlers that fell through, a `bypass()`
 * request), or the unhandled-request policy. Events, history and recording
 * are told on the way; every real response is reported once.
 *
 * @example
 * const flow = createHttpFlow(runtime, options)
 * await flow.handle(exchange)
 */
export function createHttpFlow(runtime: FlowShared, options: FlowOptions): ExchangeFlow<HttpExchange, HttpVisit> {
  const { emitter, observers, answerChecks, store } = runtime
  const { readCookies } = options

  const recording = (): boolean => {
    for (const observer of observers) if (observer.onCompleted) return true
    return false
  }

  const complete = (record: CompletedExchange): void => {
    for (const observer of observers) observer.onCompleted?.(record)
  }

  /**
   * The bookkeeping of one HTTP exchange: event payloads built once, and only
   * when someone listens (reading the request may build it); the recording
   * copy only when an observer records. One object rather than a closure per helper.
   */
  class HttpTurn {
    #info: RequestEventInfo | undefined
    readonly startedAt: number
    readonly copy: Request | undefined
    /** The answer checks' side of the exchange, when they run on it (there are some, and it is no `bypass()` request). */
    readonly checked: CheckedExchange | undefined
    /** What the handlers see of the request; set before they run. */
    context!: RequestContext

    constructor(readonly exchange: HttpExchange) {
      const recordingNow = recording()
      this.startedAt = recordingNow ? Date.now() : 0
      this.copy = recordingNow ? exchange.request.clone() : undefined
      // answerHttp and visitHttp have waited for the checking code before a checked exchange gets here.
      this.checked = checksApply(exchange) ? new answerChecking.loaded!.CheckedExchange(answerChecks, exchange) : undefined
    }

    get info(): RequestEventInfo {
      return (this.#info ??= { request: this.exchange.request, requestId: this.exchange.id })
    }

    fire(event: 'request:start' | 'request:match' | 'request:unhandled' | 'request:end'): void {
      if (emitter.has(event)) emitter.emit(event, this.info)
    }

    fail(error: Error): void {
      if (emitter.has('unhandledException')) emitter.emit('unhandledException', { ...this.info, error })
    }

    finish(outcome: CompletedExchange['outcome'], response: Response | undefined, scope = store.current(), failure?: 'policy' | 'network'): void {
      const { copy, exchange, startedAt } = this
      if (copy) complete({ id: exchange.id, request: copy, response, outcome, startedAt, durationMs: Date.now() - startedAt, scope, ...(failure && { failure }) })
    }

    /** True when someone wants the real response reported: an observer records, `response:bypass` has listeners, or a check reads it. */
    get wantsResponse(): boolean {
      return this.copy !== undefined || emitter.has('response:bypass') || this.checked?.readsReceived === true
    }

    async sendOn(outcome: 'passthrough' | 'bypass' | 'unhandled', scope = store.current()): Promise<void> {
      this.received(outcome, await this.exchange.passthrough(this.wantsResponse), scope)
    }

    /** Reports what the network answered (`undefined`: it failed, and the source has failed the client's request). */
    received(outcome: 'passthrough' | 'bypass' | 'unhandled', real: Response | undefined, scope = store.current()): void {
      if (real === undefined) return this.finish(outcome, undefined, scope, 'network')
      const { checked } = this
      // The checks get a copy of their own only when someone else reads the response too.
      if (checked?.readsReceived) checked.received(this.context, this.copy !== undefined || emitter.has('response:bypass') ? real.clone() : real, scope)
      if (emitter.has('response:bypass')) emitter.emit('response:bypass', { request: this.exchange.request, requestId: this.exchange.id, response: this.copy ? real.clone() : real })
      this.finish(outcome, real, scope)
    }

    answer(response: Response): void | Promise<void> {
      const { checked } = this
      if (checked === undefined || response.type === 'error') return this.deliver(response)
      const scope = store.current()
      // Checks that answer at once (most) cost no promise: the answer is delivered within this call.
      return checked.answer(this.context, response, scope, (failure) => this.judged(failure, response, scope))
    }

    judged(failure: Error | undefined, response: Response, scope: HandlerScope): void {
      if (failure === undefined) return this.deliver(response)
      // Refused as the unhandled-request policy 'error' refuses: the client's request fails with the reason.
      this.exchange.errorWith(failure)
      this.finish('mocked', undefined, scope, 'policy')
    }

    deliver(response: Response): void {
      const recorded = this.copy !== undefined && response.type !== 'error' ? response.clone() : undefined
      if (emitter.has('response:mocked')) emitter.emit('response:mocked', { ...this.info, response: response.type === 'error' ? response : response.clone() })
      this.exchange.respondWith(response)
      if (this.copy !== undefined) this.finish('mocked', recorded)
    }
  }

  /**
   * This runtime's part in an exchange that several runtimes answer in turn
   * (see `HttpVisit`): the turn, plus what its handlers made of the request.
   */
  class VisitTurn extends HttpTurn implements HttpVisit {
    outcome: DispatchOutcome | ResolverError = UNANSWERED

    get answered(): boolean {
      const { outcome } = this
      return outcome instanceof ResolverError || (outcome.kind !== 'unmatched' && outcome.kind !== 'fell-through')
    }

    get fellThrough(): boolean {
      return !(this.outcome instanceof ResolverError) && this.outcome.kind === 'fell-through'
    }

    get scope(): HandlerScope {
      return this.context.scope
    }

    looked(outcome: DispatchOutcome): this | Promise<this> {
      this.outcome = outcome
      // The policy's report loads on first use: a visit that may need it waits for it.
      const reporting = outcome.kind === 'unmatched' ? unhandledPolicyReady(runtime.onUnhandledRequest) : undefined
      return reporting ? reporting.then(() => this) : this
    }

    threw(error: unknown): this {
      if (!(error instanceof ResolverError)) throw error
      this.outcome = error
      return this
    }

    conclude(): void | Promise<void> {
      const { outcome, context } = this
      return outcome instanceof ResolverError ? resolverFailed(this, context, outcome) : settle(this, context, outcome)
    }

    close(): void {
      if (this.fellThrough) this.fire('request:match')
      this.fire('request:end')
    }

    reportUnhandled(): void {
      for (const observer of observers) observer.onUnhandled?.(this.context)
      this.fire('request:unhandled')
    }

    applyPolicy(): UnhandledVerdict {
      const { context } = this
      return applyUnhandledPolicy(runtime.onUnhandledRequest, context.request, context.url, context.notes, options)
    }

    refused(): void {
      this.finish('unhandled', undefined, this.scope, 'policy')
    }

    override received(outcome: 'passthrough' | 'unhandled', real: Response | undefined): void {
      super.received(outcome, real, this.scope)
    }
  }

  /** The answer checks run on `exchange`: there are some, and it is no `bypass()` request. */
  const checksApply = (exchange: HttpExchange): boolean => answerChecks.size > 0 && exchange.bypassed !== true

  function visitHttp(exchange: HttpExchange): HttpVisit | Promise<HttpVisit> {
    // The first checked request may find the checking code still loading (checks added in the same tick): it alone waits.
    if (checksApply(exchange) && answerChecking.loaded === undefined) return answerChecking.load().then(() => visitHttp(exchange))
    const turn = new VisitTurn(exchange)
    turn.fire('request:start')
    const context = (turn.context = new RequestContext(exchange, store.current(), readCookies))
    let dispatched: DispatchOutcome | Promise<DispatchOutcome>
    try {
      dispatched = dispatch(context.scope.list, context, (part) => turn.fail(asError(part.thrown)))
    } catch (error) {
      return turn.threw(error)
    }
    if (!(dispatched instanceof Promise)) return turn.looked(dispatched)
    return dispatched.then(
      (outcome) => turn.looked(outcome),
      (error: unknown) => turn.threw(error),
    )
  }

  // Each handler catches its own faults (rather than a `.catch` on its promise): one promise a request, not two.
  async function handleHttp(exchange: HttpExchange): Promise<void> {
    try {
      const answering = answerHttp(exchange)
      if (answering instanceof Promise) await answering
    } catch (error) {
      failInternally(exchange, error)
    }
  }

  function answerHttp(exchange: HttpExchange): void | Promise<void> {
    if (checksApply(exchange) && answerChecking.loaded === undefined) return answerChecking.load().then(() => answerHttp(exchange))
    const turn = new HttpTurn(exchange)
    if (exchange.bypassed === true) return turn.sendOn('bypass')
    turn.fire('request:start')
    const context = (turn.context = new RequestContext(exchange, store.current(), readCookies))
    let dispatched: DispatchOutcome | Promise<DispatchOutcome>
    try {
      dispatched = dispatch(context.scope.list, context, (part) => turn.fail(asError(part.thrown)))
    } catch (error) {
      return resolverFailed(turn, context, error)
    }
    // Synchronous handlers answer within this call: no promise until something awaits.
    if (!(dispatched instanceof Promise)) return settle(turn, context, dispatched)
    return dispatched.then(
      (outcome) => settle(turn, context, outcome),
      (error: unknown) => resolverFailed(turn, context, error),
    )
  }

  function resolverFailed(turn: HttpTurn, context: RequestContext, error: unknown): void | Promise<void> {
    if (!(error instanceof ResolverError)) throw error
    // As msw: a throwing resolver is neither "matched" nor "ended"; the 500 is the mocked answer.
    const thrown = asError(error.thrown)
    turn.fail(thrown)
    const response = exceptionResponse(thrown)
    for (const observer of observers) observer.onHandled?.(context, error.handler, response)
    return turn.answer(response)
  }

  function settle(turn: HttpTurn, context: RequestContext, outcome: DispatchOutcome): void | Promise<void> {
    const { scope } = context
    if (outcome.kind === 'unmatched') {
      // The policy's report loads on first use: the first unhandled request waits for it, before anyone hears of it.
      const reporting = unhandledPolicyReady(runtime.onUnhandledRequest)
      if (reporting) return reporting.then(() => settle(turn, context, outcome))
      for (const observer of observers) observer.onUnhandled?.(context)
      turn.fire('request:unhandled')
      const verdict = applyUnhandledPolicy(runtime.onUnhandledRequest, context.request, context.url, context.notes, options)
      if (verdict.action === 'respond') {
        turn.fail(verdict.error)
        return turn.answer(verdict.response)
      }
      turn.fire('request:end')
      if (verdict.action === 'fail') {
        turn.exchange.errorWith(verdict.error)
        return turn.finish('unhandled', undefined, scope, 'policy')
      }
      return turn.sendOn('unhandled', scope)
    }

    if (outcome.kind === 'fell-through') {
      // Every matching handler answered nothing: handled (no unhandled policy), sent on as it is (as msw 2.15: matched, then ended).
      turn.fire('request:match')
      turn.fire('request:end')
      return turn.sendOn('passthrough', scope)
    }

    const { handler, response } = outcome
    // A read body cannot reach the client (each source failed its own way, one by hanging): the resolver's mistake, said as such.
    if (response.bodyUsed) return resolverFailed(turn, context, new ResolverError(handler, usedBody(handler)))
    for (const observer of observers) observer.onHandled?.(context, handler, response)
    if (isPassthrough(response)) {
      // As msw 2.15: passthrough() is a match.
      turn.fire('request:match')
      turn.fire('request:end')
      return turn.sendOn('passthrough', scope)
    }
    turn.fire('request:match')
    turn.fire('request:end')
    return turn.answer(response)
  }

  return { handle: handleHttp, visit: visitHttp }
}

/** What a visit holds until its handlers have run. */
const UNANSWERED: DispatchOutcome = { kind: 'unmatched' }

function usedBody(handler: Handler): TypeError {
  return new TypeError(
    message(
      `The resolver of "${handler.info.header}" returned a response whose body was already read.`,
      'Return a new response, or read a clone (response.clone()) made before reading it.',
    ),
  )
}
