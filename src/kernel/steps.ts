/**
 * A flow written once and run synchronously for as long as what it waits for
 * is at hand. A `Steps` generator yields what it waits for (`yield* step(x)`
 * reads as `await x`); `runSteps` resumes it at once with a plain value, and
 * only a promise makes the rest of the run asynchronous. A request whose
 * handlers and checks answer at once is so answered within the source's call
 * (the fetch fast path pays for no promise), while a handler that reads a
 * body is awaited by the same code.
 */
export type Steps<Result> = Generator<unknown, Result, unknown>

/**
 * Waits for `value` inside a `Steps` flow: resumes at once unless it is a promise.
 *
 * @example
 * const match = yield* step(handler.match(context))
 */
export function* step<Value>(value: Value | Promise<Value>): Steps<Value> {
  return (yield value) as Value
}

/**
 * Runs `steps` to its end: its result at once when nothing it waited for was
 * a promise, else a promise of it. A rejected promise is thrown where the
 * flow waited for it, so its `try`/`catch` works as with `await`.
 *
 * @example
 * const outcome = await runSteps(dispatchSteps(list, context))
 */
export function runSteps<Result>(steps: Steps<Result>): Result | Promise<Result> {
  let next = steps.next()
  while (next.done !== true) {
    if (next.value instanceof Promise) return finish(steps, next.value)
    next = steps.next(next.value)
  }
  return next.value
}

async function finish<Result>(steps: Steps<Result>, pending: Promise<unknown>): Promise<Result> {
  let next = await resume(steps, pending)
  while (next.done !== true) next = next.value instanceof Promise ? await resume(steps, next.value) : steps.next(next.value)
  return next.value
}

function resume<Result>(steps: Steps<Result>, pending: Promise<unknown>): Promise<IteratorResult<unknown, Result>> {
  return pending.then(
    (value) => steps.next(value),
    (error: unknown) => steps.throw(error),
  )
}
