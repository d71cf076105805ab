import { message } from '../../kernel/index.js'
import { HeldResponse } from '../response/deferred-body-response.js'
import { hasStreamBody } from '../response/http-response.js'
import { observeBody } from './observe-body.js'

type AnyIterator = Iterator<unknown, unknown> | AsyncIterator<unknown, unknown>

export type Cleanup = () => unknown

/**
 * `finalize(cleanup)` of the resolver argument: `cleanup` runs once this request is resolved (newest first,
 * before the response is sent; for a ReadableStream body, once the stream settles).
 *
 * @example
 * http.get('/tick', ({ finalize }) => {
 *   const timer = setInterval(tick, 10)
 *   finalize(() => clearInterval(timer))
 *   return HttpResponse.text('ok')
 * })
 */
export type FinalizeFunction = (cleanup: Cleanup) => void

export interface RunnerInfo {
  readonly request: Request
  readonly requestId: string
}

/**
 * Runs a resolver with msw 2's semantics: `finalize` cleanups are awaited before the response is sent
 * whatever the outcome, and run at once on abort. A generator is driven one step a request; exhausted, its
 * last response repeats and the cleanups of its life run.
 */
export class ResolverRunner<Info extends RunnerInfo> {
  #iterator: AnyIterator | undefined
  #iteratorCleanups: Cleanup[] | undefined
  #last: Response | undefined
  /** Once `#done`, every request gets a clone of it (a slower earlier step may still set `#last`). */
  #final: Response | undefined
  #done = false

  constructor(
    private readonly resolver: (info: Info) => unknown,
    private readonly handlerName: string,
    private readonly options: {
      readonly once?: boolean
      /** A `once` handler's generator answered a step before its last: it stays active until exhausted (as msw). */
      readonly release?: () => void
    } = {},
  ) {}

  /** `resetHandlers()`: runs the generator's `finally`; rejects with what that threw. */
  reset(): Promise<void> {
    const iterator = this.#iterator
    this.#iterator = undefined
    this.#iteratorCleanups = undefined
    this.#last = undefined
    this.#final = undefined
    this.#done = false
    if (typeof iterator?.return !== 'function') return Promise.resolve()
    // A sync generator's finally throws in the executor, an async one's rejects: both reject.
    return new Promise((resolve) => resolve(iterator.return!())).then(() => undefined)
  }

  /** `restoreHandlers()` re-arms only a `once` handler's generator. */
  restore(): void {
    if (this.options.once !== true) return
    this.reset().catch((error: unknown) => {
      console.error(message(`The generator resolver of "${this.handlerName}" threw while restoreHandlers() stopped it.`, 'Fix its finally block.'), error)
    })
  }

  run(info: Info): Response | undefined | Promise<Response | undefined> {
    if (this.#done) return this.#final?.clone()
    const resolution = new Resolution(this, info)
    // A plain property: a getter per request costs more.
    ;(info as { finalize?: FinalizeFunction }).finalize = (cleanup) => resolution.finalize(cleanup)
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

  /** While a generator is active, cleanups are its own (as msw). */
  scheduleOnIterator(cleanup: Cleanup): boolean {
    if (this.#iterator === undefined) return false
    ;(this.#iteratorCleanups ??= []).unshift(cleanup)
    return true
  }

  takeIteratorCleanups(): Cleanup[] | undefined {
    if (this.#iterator === undefined) return undefined
    const cleanups = this.#iteratorCleanups
    this.#iteratorCleanups = undefined
    return cleanups
  }

  /** The error alone first: tests written for msw expect `console.error` called with that very error. */
  reportThrown(error: unknown): void {
    console.error(error)
    console.error(message(`The resolver of "${this.handlerName}" threw the error printed above; the request gets a 500 with the error's name and message.`, 'Fix the resolver (or the finally block of its generator), or throw a Response to answer with it.'))
  }

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
      // Set first: what the resolver scheduled before returning it is handed over to it.
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
      return resolution.complete(this.#final?.clone())
    }
    if (response !== undefined && this.options.once === true) this.options.release?.()
    return response
  }

  #accept(value: unknown): Response | undefined {
    if (value === undefined || value === null || value instanceof HeldResponse) return value ?? undefined
    throw new TypeError(
      message(
        `The resolver of "${this.handlerName}" returned ${describe(value)}, which is not a Response.`,
        'Return a Response (for example `HttpResponse.json(data)`), or nothing to let the next handler answer.',
      ),
    )
  }
}

type CleanupHost = Pick<ResolverRunner<RunnerInfo>, 'scheduleOnIterator' | 'takeIteratorCleanups' | 'runCleanups' | 'reportThrown'>

/** One request's own cleanups (parallel requests never share them); no abort listener unless `finalize` is called. */
class Resolution {
  #cleanups: Cleanup[] | undefined
  #stopListening: (() => void) | undefined

  constructor(
    private readonly runner: CleanupHost,
    // The request is read only when cleanups need its signal: reading it may build it.
    private readonly info: RunnerInfo,
  ) {}

  finalize(cleanup: Cleanup): void {
    if (typeof cleanup !== 'function') {
      throw new TypeError(message(`finalize() expects a function, but got ${typeof cleanup}.`, 'Pass the cleanup as a function: finalize(() => …).'))
    }
    const { signal } = this.info.request
    if (this.#stopListening === undefined && !signal.aborted) {
      const onAbort = () => void this.#runTaken()
      signal.addEventListener('abort', onAbort, { once: true })
      this.#stopListening = () => signal.removeEventListener('abort', onAbort)
    }
    if (!this.runner.scheduleOnIterator(cleanup)) (this.#cleanups ??= []).unshift(cleanup)
    if (signal.aborted) void this.#runTaken()
  }

  handOver(): void {
    const cleanups = this.#take()
    if (cleanups) for (const cleanup of [...cleanups].reverse()) this.runner.scheduleOnIterator(cleanup)
  }

  fail(error: unknown): never | Promise<never> {
    this.#stopListening?.()
    if (!(error instanceof HeldResponse)) this.runner.reportThrown(error)
    const cleanups = this.#take()
    if (cleanups === undefined) throw error
    return this.runner.runCleanups(cleanups).then(() => {
      throw error
    })
  }

  complete(response: Response | undefined): Response | undefined | Promise<Response | undefined> {
    this.#stopListening?.()
    const cleanups = this.#take()
    if (cleanups === undefined) return response
    const observed = response !== undefined && hasStreamBody(response) ? observeBody(response) : undefined
    if (observed === undefined) return this.runner.runCleanups(cleanups).then(() => response)
    const { signal } = this.info.request
    let ran = false
    const runOnce = () => {
      if (ran) return
      ran = true
      signal.removeEventListener('abort', runOnce)
      void this.runner.runCleanups(cleanups)
    }
    void observed.settled.then(runOnce)
    if (signal.aborted) runOnce()
    else signal.addEventListener('abort', runOnce, { once: true })
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

/** A cycle or a BigInt must not replace the message with its own error. */
function previewJson(value: unknown): string | undefined {
  try {
    return JSON.stringify(value)
  } catch {
    return undefined
  }
}

/** For callers that cannot wait for `reset()`. */
export function reportResetError(error: unknown): void {
  console.error(message('A generator resolver threw while it was stopped.', 'Fix its finally block.'), error)
}
