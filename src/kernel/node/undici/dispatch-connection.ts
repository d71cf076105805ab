import type { LegacyHandler } from './dispatch-handler.js'

/**
 * One undici dispatch as its client handler sees it, from `onConnect` to the
 * one `onComplete` or `onError` that ends it.
 *
 * Why connect first: undici's `request()` and `fetch()` can only abort a
 * dispatch through the function `onConnect` gives them (before that, an abort
 * is only noted). A dispatch that is connected when it starts, rather than
 * when its answer is known, fails as soon as its signal aborts, also while a
 * resolver awaits `delay()`, as a real connection does.
 *
 * @example
 * const connection = new DispatchConnection(asLegacyHandler(handler))
 * // … later, with the answer
 * if (!connection.done) playResponse(response, connection)
 */
export class DispatchConnection {
  #done = false
  #teardown: ((error: Error) => void) | undefined
  #forward: ((reason?: unknown) => void) | undefined

  constructor(
    readonly handler: LegacyHandler,
    context?: unknown,
  ) {
    handler.onConnect?.((reason?: unknown) => this.#abort(reason), context)
  }

  /** True once the client was given its outcome (an end, an error or its own abort). */
  get done(): boolean {
    return this.#done
  }

  /** Runs `teardown` if the dispatch fails from now on (to stop pulling a response body). */
  onTeardown(teardown: (error: Error) => void): void {
    this.#teardown = teardown
  }

  /**
   * From now on the client's abort goes to `abort` (the real dispatch's, for a
   * passthrough): the real dispatch then fails the handler itself.
   */
  forwardAbortTo(abort: (reason?: unknown) => void): void {
    this.#forward = abort
  }

  /** Fails the client's handler with `error`, unless the dispatch has ended already. */
  fail(error: unknown): void {
    if (this.#done) return
    this.#done = true
    const failure = error instanceof Error ? error : Object.assign(new Error(String(error)), { cause: error })
    this.#teardown?.(failure)
    this.handler.onError?.(failure)
  }

  /** Ends the dispatch with its trailers, unless it has ended already. */
  complete(trailers: Buffer[]): void {
    if (this.#done) return
    this.#done = true
    this.handler.onComplete?.(trailers)
  }

  #abort(reason?: unknown): void {
    if (this.#forward !== undefined) return this.#forward(reason)
    this.fail(reason ?? abortError())
  }
}

function abortError(): Error {
  return new DOMException('The operation was aborted.', 'AbortError')
}
