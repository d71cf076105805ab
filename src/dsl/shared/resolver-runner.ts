import { message } from '../../kernel/index.js'
import { hasStreamBody, HttpResponse } from '../response/http-response.js'
import { observeBody } from './observe-body.js'

/**
 * `Response` as it was when mocklib loaded: in Node the socket layer's
 * interceptor later wraps the global in a Proxy, which makes every
 * `instanceof` check go through a trap.
 */
const NativeResponse = globalThis.Response

type AnyIterator = Iterator<unknown, unknown> | AsyncIterator<unknown, unknown>

/** A `finalize()` callback. */
export type Cleanup = () => unknown

/**
 * `finalize(cleanup)` of the resolver argument: schedules `cleanup` to run
 * once this request is resolved (newest first, awaited before the response is
 * sent; for a ReadableStream body, once the stream settles).
 */
export type FinalizeFunction = (cleanup: Cleanup) => void

/** What every resolver argument carries. */
export interface RunnerInfo {
  readonly request: Request
  readonly requestId: string
}

export interface ResolverRunnerOptions {
  /** The handler has `{ once: true }`: `restore()` resets its generator. */
  readonly once?: boolean
  /**
   * Called when a generator answered a step that is not its last: a `once`
   * handler gives its use back, so it stays active until exhausted (as msw).
   */
  readonly release?: () => void
}

/**
 * Runs a resolver and checks what it answered, with msw 2's semantics:
 *
 * - the resolver argument gets `finalize(cleanup)`; cleanups run newest first
 *   and are awaited before the response is sent, also when the resolver throws
 *   (an Error or a Response), answers nothing or passes through; they run at
 *   once when the request is aborted; a ReadableStream body given to
 *   `HttpResponse` runs them once the stream settles;
 * - generator resolvers are driven one step per request; once exhausted, the
 *   last response repeats (a fresh clone each time) and the cleanups scheduled
 *   during the generator's life run.
 *
 * Throws a TypeError naming the handler when the resolver answers something
 * that is not a Response.
 *
 * @example
 * const runner = new ResolverRunner(({ finalize }) => {
 *   const timer = setInterval(tick, 10)
 *   finalize(() => clearInterval(timer))
 *   return HttpResponse.text('ok')
 * }, 'GET /tick')
 * await runner.run({ request, requestId: '1' })
 */
export class ResolverRunner<Info extends RunnerInfo> {
  #iterator: AnyIterator | undefined
  /** Cleanups scheduled while a generator is active: they run when it is exhausted. */
  #iteratorCleanups: Cleanup[] | undefined
  #last: Response | undefined
  #final: Response | undefined
  #done = false

  constructor(
    private readonly resolver: (info: Info) => unknown,
    private readonly handlerName: string,
    private readonly options: ResolverRunnerOptions = {},
  ) {}

  /**
   * `resetHandlers()`: forgets generator progress and stops the generator with
   * `iterator.return()`, so its `finally` blocks run. Rejects with what that
   * `finally` threw (the caller reports it like a resolver error).
   *
   * @example
   * await runner.reset()
   */
  reset(): Promise<void> {
    const iterator = this.#iterator
    this.#iterator = undefined
    this.#iteratorCleanups = undefined
    this.#last = undefined
    this.#final = undefined
    this.#done = false
    if (typeof iterator?.return !== 'function') return Promise.resolve()
    try {
      // A sync generator's finally throws here, an async one's rejects: both reject.
      return Promise.resolve(iterator.return()).then(() => undefined)
    } catch (error) {
      return Promise.reject(error)
    }
  }

  /**
   * `restoreHandlers()`: re-arms a `once` handler's generator (as `reset`);
   * the generator of a regular handler stays where it is.
   *
   * @example
   * runner.restore()
   */
  restore(): void {
    if (this.options.once !== true) return
    this.reset().catch((error: unknown) => {
      console.error(message(`The generator resolver of "${this.handlerName}" threw while restoreHandlers() stopped it.`, 'Fix its finally block.'), error)
    })
  }

  run(info: Info): Response | undefined | Promise<Response | undefined> {
    if (this.#done) return this.#final?.clone()
    const resolution = new Resolution(this, info)
    // A plain property (a getter per request costs more); the abort listener is added on first use only.
    ;(info as { finalize?: FinalizeFunction }).finalize = (cleanup) => resolution.finalize()(cleanup)
    if (this.#iterator) return this.#step(resolution)
    let result: unknown
    try {
      result = this.resolver(info)
    } catch (error) {
      return resolution.fail(error)
    }
    if (result instanceof Promise) {
      return result.then(
        (value) => this.#settle(value, resolution),
        (error: unknown) => resolution.fail(error),
      )
    }
    return this.#settle(result, resolution)
  }

  /** Cleanups go to the generator while one is active (as msw). @internal */
  scheduleOnIterator(cleanup: Cleanup): boolean {
    if (this.#iterator === undefined) return false
    ;(this.#iteratorCleanups ??= []).unshift(cleanup)
    return true
  }

  /** @internal */
  takeIteratorCleanups(): Cleanup[] | undefined {
    if (this.#iterator === undefined) return undefined
    const cleanups = this.#iteratorCleanups
    this.#iteratorCleanups = undefined
    return cleanups
  }

  /**
   * Prints what the resolver threw next to the 500 the client gets: the
   * error alone first, as msw prints it (tests written for msw expect
   * `console.error` to have been called with that very error), then what to do. @internal
   */
  reportThrown(error: unknown): void {
    console.error(error)
    console.error(message(`The resolver of "${this.handlerName}" threw the error printed above; the request gets a 500 with the error's name and message.`, 'Fix the resolver (or the finally block of its generator), or throw a Response to answer with it.'))
  }

  /** Runs cleanups one by one; failures are printed, never thrown. @internal */
  async runCleanups(cleanups: readonly Cleanup[]): Promise<void> {
    const errors: unknown[] = []
    for (const cleanup of cleanups) {
      try {
        await cleanup()
      } catch (error) {
        errors.push(error)
      }
    }
    if (errors.length > 0) {
      console.error(
        message(`A finalize() cleanup of "${this.handlerName}" threw.`, 'Fix the cleanup; the request was answered anyway.'),
        new AggregateError(errors, `finalize() cleanups of "${this.handlerName}" threw`),
      )
    }
  }

  #settle(value: unknown, resolution: Resolution): Response | undefined | Promise<Response | undefined> {
    if (isIterator(value)) {
      // The iterator first: what the resolver scheduled before returning it is handed over to it.
      this.#iterator = value
      resolution.handOver()
      return this.#step(resolution)
    }
    let response: Response | undefined
    try {
      response = this.#accept(value)
    } catch (error) {
      return resolution.fail(error)
    }
    return resolution.complete(response)
  }

  async #step(resolution: Resolution): Promise<Response | undefined> {
    const iterator = this.#iterator!
    let response: Response | undefined
    let done: boolean | undefined
    try {
      const step = await iterator.next()
      done = step.done
      response = this.#accept(await step.value)
    } catch (error) {
      return resolution.fail(error)
    }
    if (response !== undefined) this.#last = response.clone()
    if (done === true) {
      this.#done = true
      this.#final = this.#last
      return resolution.complete(this.#last?.clone())
    }
    // Only a once handler gives its use back: a regular one keeps counting the requests it answered.
    if (response !== undefined && this.options.once === true) this.options.release?.()
    return response
  }

  #accept(value: unknown): Response | undefined {
    if (value === undefined || value === null || value instanceof NativeResponse) return value ?? undefined
    throw new TypeError(
      message(
        `The resolver of "${this.handlerName}" returned ${describe(value)}, which is not a Response.`,
        'Return a Response (for example `HttpResponse.json(data)`), or nothing to let the next handler answer.',
      ),
    )
  }
}

type CleanupHost = Pick<ResolverRunner<RunnerInfo>, 'scheduleOnIterator' | 'takeIteratorCleanups' | 'runCleanups' | 'reportThrown'>

/**
 * The `finalize` state of one request: its own cleanups (parallel requests
 * never share them), made lazily so a resolver that never reads `finalize`
 * costs no listener.
 */
class Resolution {
  #cleanups: Cleanup[] | undefined
  #finalize: FinalizeFunction | undefined
  #stopListening: (() => void) | undefined

  constructor(
    private readonly runner: CleanupHost,
    // The request is read only when cleanups need its signal: reading it may build it.
    private readonly info: RunnerInfo,
  ) {}

  private get request(): Request {
    return this.info.request
  }

  finalize(): FinalizeFunction {
    if (this.#finalize) return this.#finalize
    const { signal } = this.request
    if (!signal.aborted) {
      const onAbort = () => void this.#runTaken()
      signal.addEventListener('abort', onAbort, { once: true })
      this.#stopListening = () => signal.removeEventListener('abort', onAbort)
    }
    this.#finalize = (cleanup) => {
      if (typeof cleanup !== 'function') {
        throw new TypeError(message(`finalize() expects a function, but got ${typeof cleanup}.`, 'Pass the cleanup as a function: finalize(() => …).'))
      }
      if (!this.runner.scheduleOnIterator(cleanup)) (this.#cleanups ??= []).unshift(cleanup)
      // An aborted request is done with: run what was scheduled so far.
      if (signal.aborted) void this.#runTaken()
    }
    return this.#finalize
  }

  /** The resolver returned a generator: what it scheduled so far is the generator's now. */
  handOver(): void {
    const cleanups = this.#take()
    if (cleanups) for (const cleanup of [...cleanups].reverse()) this.runner.scheduleOnIterator(cleanup)
  }

  /** The resolver threw (an Error or a Response): clean up, then rethrow. */
  fail(error: unknown): never | Promise<never> {
    this.#stopListening?.()
    if (!(error instanceof NativeResponse)) this.runner.reportThrown(error)
    const cleanups = this.#take()
    if (cleanups === undefined) throw error
    return this.runner.runCleanups(cleanups).then(() => {
      throw error
    })
  }

  /** The resolver answered (or answered nothing): clean up before the response is sent, or once its stream settles. */
  complete(response: Response | undefined): Response | undefined | Promise<Response | undefined> {
    this.#stopListening?.()
    const cleanups = this.#take()
    if (cleanups === undefined) return response
    const observed = response !== undefined && hasStreamBody(response) && response instanceof HttpResponse ? observeBody(response) : undefined
    if (observed === undefined) return this.runner.runCleanups(cleanups).then(() => response)
    let ran = false
    const runOnce = () => {
      if (ran) return
      ran = true
      this.request.signal.removeEventListener('abort', runOnce)
      void this.runner.runCleanups(cleanups)
    }
    void observed.settled.then(runOnce)
    if (this.request.signal.aborted) runOnce()
    else this.request.signal.addEventListener('abort', runOnce, { once: true })
    return observed.response
  }

  #take(): Cleanup[] | undefined {
    const own = this.#cleanups
    this.#cleanups = undefined
    const cleanups = own ?? this.runner.takeIteratorCleanups()
    return cleanups !== undefined && cleanups.length > 0 ? cleanups : undefined
  }

  #runTaken(): Promise<void> {
    const cleanups = this.#take()
    return cleanups === undefined ? Promise.resolve() : this.runner.runCleanups(cleanups)
  }
}

function isIterator(value: unknown): value is AnyIterator {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as AnyIterator).next === 'function' &&
    (Symbol.iterator in value || Symbol.asyncIterator in value)
  )
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return 'an array'
  if (typeof value === 'object') return `an object (${previewJson(value)?.slice(0, 60) ?? 'not serializable'})`
  if (typeof value === 'bigint') return `bigint ${value}n`
  return `${typeof value} ${previewJson(value)}`
}

/** `JSON.stringify` for a message: a cycle or a BigInt must not replace the message with its own error. */
function previewJson(value: unknown): string | undefined {
  try {
    return JSON.stringify(value)
  } catch {
    return undefined
  }
}

/**
 * Prints an error a generator resolver threw while it was stopped (its
 * `finally`), for callers that cannot wait for `reset()`.
 *
 * @example
 * void runner.reset().catch(reportResetError)
 */
export function reportResetError(error: unknown): void {
  console.error(message('A generator resolver threw while it was stopped.', 'Fix its finally block.'), error)
}
