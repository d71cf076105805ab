import { message, type RequestContext } from '../../kernel/index.js'
import type { GraphQLResolverInfoRuntime } from './graphql-handler.js'
import type { ParsedOperation } from './graphql-operation.js'

// What a subscription handler is to the transports that load on first use (and to other copies of mocklib).

/** Typed for users by `GraphQLSubscriptionResolverInfo`. */
export interface SubscriptionResolverInfoRuntime extends GraphQLResolverInfoRuntime {
  readonly operationType: 'subscription'
  readonly connectionParams: Record<string, unknown> | undefined
  readonly transport: 'graphql-ws' | 'sse'
  readonly signal: AbortSignal
}

export interface SubscriptionCandidate {
  readonly label: string
  selects(operation: ParsedOperation, context: RequestContext, alternative?: RequestContext): Promise<boolean>
  open(info: SubscriptionResolverInfoRuntime): Promise<SubscriptionIterator | undefined>
  claim(): boolean
  unclaim(): void
}

/** A `Symbol.for`, so every copy of mocklib agrees. */
export const SUBSCRIPTION_BRAND: symbol = Symbol.for('mocklib.graphql.subscription')

export function isSubscriptionHandler(value: unknown): value is SubscriptionCandidate {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[SUBSCRIPTION_BRAND] === true
}

/**
 * Stand-ins for a graphql-ws upgrade request (endpoints and predicates are written for HTTP): the
 * first with `http:`/`https:` for `ws:`/`wss:`, the second with the socket's own URL.
 */
export interface SubscriptionConnection {
  readonly request: RequestContext
  readonly socketRequest: RequestContext
  session: object | undefined
}

export type SubscriptionIterator = AsyncIterator<unknown> | Iterator<unknown>

/** Throws a `[mocklib]` TypeError for anything but an (async) iterable. */
export function iteratorOf(stream: unknown, handler: string): SubscriptionIterator {
  if (typeof stream === 'object' && stream !== null) {
    const asyncIterate = (stream as { [Symbol.asyncIterator]?: unknown })[Symbol.asyncIterator]
    if (typeof asyncIterate === 'function') return asyncIterate.call(stream) as AsyncIterator<unknown>
    const iterate = (stream as { [Symbol.iterator]?: unknown })[Symbol.iterator]
    if (typeof iterate === 'function') return iterate.call(stream) as Iterator<unknown>
  }
  throw new TypeError(
    message(
      `The resolver of ${handler} returned ${describeValue(stream)}, not a stream of results.`,
      'Return an async generator: async function* () { yield { data: { … } } } (or undefined to let the next handler answer).',
    ),
  )
}

export function describeValue(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  if (typeof value !== 'object') return typeof value === 'string' ? 'a string' : String(value)
  if (value instanceof Response) return 'a Response'
  const keys = Object.keys(value).slice(0, 3)
  return keys.length === 0 ? 'an empty object' : `an object with ${keys.map((key) => `"${key}"`).join(', ')}`
}
