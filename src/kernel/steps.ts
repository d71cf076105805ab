/** A flow (`yield* step(x)` reads as `await x`) that runs synchronously until it meets a promise: the fetch fast path meets none. */
export type Steps<Result> = Generator<unknown, Result, unknown>

export function* step<Value>(value: Value | Promise<Value>): Steps<Value> {
  return (yield value) as Value
}

/** A rejected promise is thrown where the flow waited for it, so its `try`/`catch` works as with `await`. */
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
