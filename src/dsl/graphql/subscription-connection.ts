import type { RequestContext } from '../../kernel/index.js'
import type { ParsedOperation } from './graphql-operation.js'
import type { SubscriptionIterator } from './subscription-stream.js'

// What a subscription handler is to the transports that load on first use (and to other copies of mocklib).

/** What a subscription resolver receives at runtime (typed by `GraphQLSubscriptionResolverInfo`). */
export interface SubscriptionResolverInfoRuntime {
  readonly query: string
  readonly variables: Record<string, unknown>
  readonly operationName: string | undefined
  readonly operationType: 'subscription'
  readonly request: Request
  readonly cookies: Record<string, string>
  readonly requestId: string
  readonly connectionParams: Record<string, unknown> | undefined
  readonly transport: 'graphql-ws' | 'sse'
  readonly signal: AbortSignal
}

/** What a graphql-ws session needs of a subscription handler. */
export interface SubscriptionCandidate {
  readonly label: string
  selects(operation: ParsedOperation, context: RequestContext, alternative?: RequestContext): Promise<boolean>
  open(info: SubscriptionResolverInfoRuntime): Promise<SubscriptionIterator | undefined>
  claim(): boolean
  unclaim(): void
}

/** The brand of subscription handlers; a `Symbol.for`, so every copy of mocklib agrees. */
export const SUBSCRIPTION_BRAND: symbol = Symbol.for('mocklib.graphql.subscription')

/** True for a handler made by `graphql.subscription` (by any copy of mocklib). */
export function isSubscriptionHandler(value: unknown): value is SubscriptionCandidate {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[SUBSCRIPTION_BRAND] === true
}

/**
 * A graphql-ws connection as subscription handlers see it: stand-ins for its
 * upgrade request (endpoints and predicates are written for HTTP: the first
 * with `http:`/`https:` for `ws:`/`wss:`, the second with the socket's own
 * URL) and the handler that plays the protocol on it.
 */
export interface SubscriptionConnection {
  readonly request: RequestContext
  readonly socketRequest: RequestContext
  session: object | undefined
}
