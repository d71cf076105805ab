import { message, type RequestContext } from '../../kernel/index.js'
import type { ParsedOperation } from './graphql-operation.js'
import { describeValue, type SubscriptionIterator, type SubscriptionResolverInfoRuntime } from './subscription-connection.js'

// What both transports run, loaded with the first of them.

/** Exactly one of `complete`/`error` ends it. */
export interface SubscriptionSink {
  next(result: object): void
  error(error: unknown): void
  complete(): void
}

const STOPPED = Symbol('stopped')

/**
 * Feeds `sink` until the iterator is done, throws or `signal` aborts. On abort the iterator's
 * `return()` runs a generator's `finally` (at once at a `yield`, else when its pending `await`
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

/** A generator's `finally` runs; what that throws is printed, never thrown. */
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

export function resolverInfo(
  operation: ParsedOperation,
  request: RequestContext,
  transport: SubscriptionResolverInfoRuntime['transport'],
  signal: AbortSignal,
  connectionParams?: Record<string, unknown>,
): SubscriptionResolverInfoRuntime {
  const { query, variables, operationName } = operation
  return { query, variables, operationName, operationType: 'subscription', request: request.request, cookies: request.cookies, requestId: request.requestId, connectionParams, transport, signal }
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
