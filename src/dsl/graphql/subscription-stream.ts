import { message } from '../../kernel/index.js'

/** Where a running subscription delivers its results; exactly one of `complete`/`error` ends it. */
export interface SubscriptionSink {
  next(result: object): void
  error(error: unknown): void
  complete(): void
}

/** The iterator a subscription runs: an async generator's, or a plain iterable's. */
export type SubscriptionIterator = AsyncIterator<unknown> | Iterator<unknown>

/**
 * The iterator of what a subscription resolver returned: an async iterable or
 * an iterable. Throws a `[mocklib]` TypeError for anything else (a resolver
 * that returned a single result, a Response, a string…).
 */
export function iteratorOf(stream: unknown, handler: string): SubscriptionIterator {
  if (typeof stream === 'object' && stream !== null && typeof stream !== 'string') {
    const asyncIterate = (stream as { [Symbol.asyncIterator]?: unknown })[Symbol.asyncIterator]
    if (typeof asyncIterate === 'function') return asyncIterate.call(stream) as AsyncIterator<unknown>
    const iterate = (stream as { [Symbol.iterator]?: unknown })[Symbol.iterator]
    if (typeof iterate === 'function') return iterate.call(stream) as Iterator<unknown>
  }
  throw new TypeError(
    message(
      `The resolver of ${handler} returned ${describe(stream)}, not a stream of results.`,
      'Return an async generator: async function* () { yield { data: { … } } } (or undefined to let the next handler answer).',
    ),
  )
}

const STOPPED = Symbol('stopped')

/**
 * Runs a subscription: each step of `iterator` goes to `sink.next` until it is
 * done (`complete`), throws (`error`) or `signal` aborts. On abort nothing more
 * is sent and the iterator's `return()` is called, so a generator's `finally`
 * runs (at once when it waits at a `yield`, else when its pending `await`
 * settles: JavaScript cannot interrupt an await, hence the resolver's signal).
 */
export async function pump(iterator: SubscriptionIterator, signal: AbortSignal, sink: SubscriptionSink, handler: string): Promise<void> {
  let stopped: Promise<typeof STOPPED> | undefined
  const whenStopped = () =>
    (stopped ??= new Promise((resolve) => signal.addEventListener('abort', () => resolve(STOPPED), { once: true })))
  try {
    while (!signal.aborted) {
      const pending = Promise.resolve(iterator.next())
      // A step still pending when the client left must not turn into an unhandled rejection.
      pending.catch(() => {})
      const step = await Promise.race([pending, whenStopped()])
      if (step === STOPPED) break
      if (step.done === true) {
        if (!signal.aborted) sink.complete()
        return
      }
      const value: unknown = await step.value
      if (signal.aborted) break
      if (!isResult(value)) {
        sink.error(new TypeError(message(`The resolver of ${handler} yielded ${describe(value)}, which is not a GraphQL result.`, 'Yield { data: { … } } (optionally with errors).')))
        stop(iterator)
        return
      }
      sink.next(value)
    }
  } catch (error) {
    if (!signal.aborted) sink.error(error)
    return
  }
  stop(iterator)
}

/** Ends the iterator early (a generator's `finally` runs); what that throws is printed, never thrown. */
function stop(iterator: SubscriptionIterator): void {
  if (typeof iterator.return !== 'function') return
  Promise.resolve()
    .then(() => iterator.return!())
    .catch((error: unknown) => console.error(message('A subscription resolver threw while it was stopped (in its finally block).'), error))
}

function isResult(value: unknown): value is object {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
  return 'data' in value || 'errors' in value || 'extensions' in value
}

function describe(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  if (typeof value !== 'object') return typeof value === 'string' ? 'a string' : String(value)
  if (value instanceof Response) return 'a Response'
  const keys = Object.keys(value).slice(0, 3)
  return keys.length === 0 ? 'an empty object' : `an object with ${keys.map((key) => `"${key}"`).join(', ')}`
}

/** The message a client sees for an error a resolver threw. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
