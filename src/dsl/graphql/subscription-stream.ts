import { message } from '../../kernel/index.js'
import { describeValue, type SubscriptionIterator } from './subscription-connection.js'

// What both transports run, loaded with the first of them (graphql-ws or SSE).

/** Where a running subscription delivers its results; exactly one of `complete`/`error` ends it. */
export interface SubscriptionSink {
  next(result: object): void
  error(error: unknown): void
  complete(): void
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
        sink.error(new TypeError(message(`The resolver of ${handler} yielded ${describeValue(value)}, which is not a GraphQL result.`, 'Yield { data: { … } } (optionally with errors).')))
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

/** The message a client sees for an error a resolver threw. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
