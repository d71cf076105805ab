import type { CheckedExchange } from './answer-check.js'
import type { Handler, HttpExchange } from './contracts.js'
import { dispatchSteps, ResolverError, UNMATCHED, type DispatchOutcome } from './dispatch.js'
import { asError, exceptionResponse, failInternally, message } from './errors.js'
import type { CompletedExchange, RequestEventInfo, TrafficObserver } from './events.js'
import type { ExchangeFlow, FlowOptions, FlowShared } from './exchange-flow.js'
import type { HandlerScope } from './handler-scope.js'
import { onFirstUse } from './on-first-use.js'
import { isPassthrough } from './passthrough.js'
import { RequestContext } from './request-context.js'
import { runSteps, step, type Steps } from './steps.js'
import { applyUnhandledPolicy, unhandledPolicyReady } from './unhandled-policy.js'
import type { UnhandledVerdict } from './unhandled-report.js'

// A runtime without answer checks (most test suites) never downloads or compiles them.
export const answerChecking = onFirstUse(() => import('./answer-check.js'))

/** So that normally no request waits for the checks (a failed load is retried by the first checked request). */
export function prepareAnswerChecking(): void {
  answerChecking.load().then(undefined, () => undefined)
}

interface HttpVisitor {
  readonly running: boolean
  visit(exchange: HttpExchange): Steps<HttpTurn>
}

type TurnOutcome = DispatchOutcome | { readonly kind: 'threw'; readonly error: ResolverError } | { readonly kind: 'bypass' }

const BYPASS: TurnOutcome = { kind: 'bypass' }

/**
 * Newest runtime first; the first whose handlers answer settles the exchange. When none answered, it was handled
 * if some handler fell through, else each reports it unhandled and the newest's policy decides, once. Never rejects.
 */
export async function answerInChain(runtimes: readonly HttpVisitor[], exchange: HttpExchange): Promise<void> {
  try {
    const answering = runSteps(chainSteps(runtimes, exchange))
    if (answering instanceof Promise) await answering
  } catch (error) {
    failInternally(exchange, error)
  }
}

function* chainSteps(runtimes: readonly HttpVisitor[], exchange: HttpExchange): Steps<void> {
  let turns: [HttpTurn, ...HttpTurn[]] | undefined
  for (let index = 0; index < runtimes.length; index++) {
    const runtime = runtimes[index]!
    // The newest was listening when the source delivered; an older one may have closed while the exchange was on its way.
    if (index > 0 && !runtime.running) continue
    const turn = yield* runtime.visit(exchange)
    if (turn.answered) {
      turns?.forEach((newer) => newer.close())
      return yield* turn.conclude()
    }
    if (turns === undefined) turns = [turn]
    else turns.push(turn)
  }
  yield* settleUnanswered(turns!, exchange)
}

function* settleUnanswered(turns: readonly [HttpTurn, ...HttpTurn[]], exchange: HttpExchange): Steps<void> {
  if (turns.some((turn) => turn.fellThrough)) {
    // As msw: handled (no policy), and sent on as it is.
    for (const turn of turns) turn.close()
    return yield* sendOn(turns, exchange, 'passthrough')
  }
  for (const turn of turns) turn.reportUnhandled()
  const [newest, ...older] = turns
  const verdict = newest.applyPolicy()
  for (const turn of older) turn.close()
  if (verdict.action === 'respond') {
    newest.fail(verdict.error)
    return yield* newest.answer(verdict.response)
  }
  newest.close()
  if (verdict.action === 'fail') {
    exchange.errorWith(verdict.error)
    for (const turn of turns) turn.finish('unhandled', undefined, 'policy')
    return
  }
  yield* sendOn(turns, exchange, 'unhandled')
}

function* sendOn(turns: readonly HttpTurn[], exchange: HttpExchange, outcome: 'passthrough' | 'bypass' | 'unhandled'): Steps<void> {
  const real = yield* step(exchange.passthrough(turns.some((turn) => turn.wantsResponse)))
  turns.forEach((turn, index) => turn.received(outcome, real !== undefined && index < turns.length - 1 ? real.clone() : real))
}

export function createHttpFlow(runtime: FlowShared, options: FlowOptions): ExchangeFlow<HttpExchange, Steps<HttpTurn>> {
  function* visit(exchange: HttpExchange): Steps<HttpTurn> {
    const checked = runtime.answerChecks.size > 0 && exchange.bypassed !== true
    // Checks added in the same tick: the first checked request alone waits for their code.
    const checking = checked ? (answerChecking.loaded ?? (yield* step(answerChecking.load()))) : undefined
    const turn = new HttpTurn(runtime, exchange, checking && new checking.CheckedExchange(runtime.answerChecks, exchange))
    if (exchange.bypassed === true) {
      turn.outcome = BYPASS
      return turn
    }
    turn.fire('request:start')
    const context = (turn.context = new RequestContext(exchange, runtime.store.current(), options.readCookies))
    try {
      turn.outcome = yield* dispatchSteps(context.scope.list, context, (part) => turn.fail(asError(part.thrown)))
    } catch (error) {
      if (!(error instanceof ResolverError)) throw error
      turn.outcome = { kind: 'threw', error }
    }
    // The policy's report loads on first use: waited for before anyone hears of the request.
    if (turn.outcome.kind === 'unmatched') yield* step(unhandledPolicyReady(runtime.onUnhandledRequest))
    return turn
  }
  // Always asked first, so never skipped as closed.
  const alone: readonly HttpVisitor[] = [{ running: true, visit }]
  return { handle: (exchange) => answerInChain(alone, exchange), visit }
}

/** One runtime's part in one HTTP exchange: event payloads and the recording copy are built only when someone needs them. */
export class HttpTurn {
  #info: RequestEventInfo | undefined
  readonly startedAt: number
  readonly copy: Request | undefined
  /** None for a `bypass()` request. */
  context: RequestContext | undefined
  outcome: TurnOutcome = UNMATCHED

  constructor(
    readonly runtime: FlowShared,
    readonly exchange: HttpExchange,
    readonly checked: CheckedExchange | undefined,
  ) {
    const recording = records(runtime.observers)
    this.startedAt = recording ? Date.now() : 0
    this.copy = recording ? exchange.request.clone() : undefined
  }

  get answered(): boolean {
    const { kind } = this.outcome
    return kind !== 'unmatched' && kind !== 'fell-through'
  }

  get fellThrough(): boolean {
    return this.outcome.kind === 'fell-through'
  }

  get scope(): HandlerScope {
    return this.context?.scope ?? this.runtime.store.current()
  }

  get info(): RequestEventInfo {
    return (this.#info ??= { request: this.exchange.request, requestId: this.exchange.id })
  }

  get wantsResponse(): boolean {
    return this.copy !== undefined || this.runtime.emitter.has('response:bypass') || this.checked?.readsReceived === true
  }

  fire(event: 'request:start' | 'request:match' | 'request:unhandled' | 'request:end'): void {
    const { emitter } = this.runtime
    if (emitter.has(event)) emitter.emit(event, this.info)
  }

  fail(error: Error): void {
    const { emitter } = this.runtime
    if (emitter.has('unhandledException')) emitter.emit('unhandledException', { ...this.info, error })
  }

  *conclude(): Steps<void> {
    const { outcome } = this
    if (outcome.kind === 'bypass') return yield* sendOn([this], this.exchange, 'bypass')
    if (outcome.kind === 'threw') return yield* this.resolverFailed(outcome.error)
    if (outcome.kind !== 'answered') return
    const { handler, response } = outcome
    // A read body cannot reach the client (each source failed its own way, one by hanging): said as the resolver's mistake.
    if (response.bodyUsed) return yield* this.resolverFailed(new ResolverError(handler, usedBody(handler)))
    for (const observer of this.runtime.observers) observer.onHandled?.(this.context!, handler, response)
    // As msw 2.15: passthrough() is a match.
    this.fire('request:match')
    this.fire('request:end')
    if (isPassthrough(response)) return yield* sendOn([this], this.exchange, 'passthrough')
    // One step fewer on the fast path.
    if (this.checked === undefined) return this.deliver(response)
    yield* this.answer(response)
  }

  *resolverFailed(error: ResolverError): Steps<void> {
    // As msw: a throwing resolver is neither "matched" nor "ended"; the 500 is the mocked answer.
    const thrown = asError(error.thrown)
    this.fail(thrown)
    const response = exceptionResponse(thrown)
    for (const observer of this.runtime.observers) observer.onHandled?.(this.context!, error.handler, response)
    yield* this.answer(response)
  }

  close(): void {
    if (this.fellThrough) this.fire('request:match')
    this.fire('request:end')
  }

  reportUnhandled(): void {
    for (const observer of this.runtime.observers) observer.onUnhandled?.(this.context!)
    this.fire('request:unhandled')
  }

  applyPolicy(): UnhandledVerdict {
    const context = this.context!
    return applyUnhandledPolicy(this.runtime.onUnhandledRequest, context.request, context.url, context.notes)
  }

  *answer(response: Response): Steps<void> {
    const { checked } = this
    const failure = checked === undefined || response.type === 'error' ? undefined : yield* checked.check(this.context!, response, this.scope)
    if (failure === undefined) return this.deliver(response)
    this.exchange.errorWith(failure)
    this.finish('mocked', undefined, 'policy')
  }

  deliver(response: Response): void {
    const { emitter } = this.runtime
    const recorded = this.copy !== undefined && response.type !== 'error' ? response.clone() : undefined
    if (emitter.has('response:mocked')) emitter.emit('response:mocked', { ...this.info, response: response.type === 'error' ? response : response.clone() })
    this.exchange.respondWith(response)
    if (this.copy !== undefined) this.finish('mocked', recorded)
  }

  /** `real` is `undefined` when the network failed. */
  received(outcome: 'passthrough' | 'bypass' | 'unhandled', real: Response | undefined): void {
    if (real === undefined) return this.finish(outcome, undefined, 'network')
    const { checked, copy } = this
    const { emitter } = this.runtime
    // The checks get a copy of their own only when someone else reads the response too.
    if (checked?.readsReceived) checked.received(this.context!, copy !== undefined || emitter.has('response:bypass') ? real.clone() : real, this.scope)
    if (emitter.has('response:bypass')) emitter.emit('response:bypass', { ...this.info, response: copy ? real.clone() : real })
    this.finish(outcome, real)
  }

  finish(outcome: CompletedExchange['outcome'], response: Response | undefined, failure?: 'policy' | 'network'): void {
    const { copy, exchange, startedAt } = this
    if (copy === undefined) return
    const record: CompletedExchange = { id: exchange.id, request: copy, response, outcome, startedAt, durationMs: Date.now() - startedAt, scope: this.scope, ...(failure && { failure }) }
    for (const observer of this.runtime.observers) observer.onCompleted?.(record)
  }
}

function records(observers: Iterable<TrafficObserver>): boolean {
  for (const observer of observers) if (observer.onCompleted !== undefined) return true
  return false
}

function usedBody(handler: Handler): TypeError {
  return new TypeError(
    message(
      `The resolver of "${handler.info.header}" returned a response whose body was already read.`,
      'Return a new response, or read a clone (response.clone()) made before reading it.',
    ),
  )
}
