import { RequestContext, type ConnectionContext, type HttpExchange } from '../../kernel/index.js'
import type { RawClientConnection } from '../ws/ws-events.js'
import type { ParsedOperation } from './graphql-operation.js'
import { GraphQLWsSession, unansweredSubscription, type StartSubscription } from './graphql-ws-protocol.js'
import { parseRawOperation } from './graphql-request-state.js'
import type { SubscriptionIterator } from './subscription-stream.js'

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

/**
 * True for a handler made by `graphql.subscription` (by any copy of mocklib).
 *
 * @example
 * isSubscriptionHandler(graphql.subscription('OnCount', async function* () {})) // true
 */
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

const CONNECTION = Symbol('mocklib graphql-ws connection')

/**
 * The subscription view of a WebSocket connection, made once per connection.
 *
 * @example
 * connectionOf(context).request.url.href // 'http://api.test/graphql'
 */
export function connectionOf(context: ConnectionContext): SubscriptionConnection {
  return context.memo(CONNECTION, () => {
    const { exchange } = context
    const headers = { connection: 'upgrade', upgrade: 'websocket', 'sec-websocket-protocol': exchange.protocols.join(', ') }
    const httpUrl = new URL(exchange.url.href.replace(/^ws(s?):/i, 'http$1:'))
    return {
      request: standIn(new Request(httpUrl, { headers }), exchange.id, context),
      socketRequest: standIn(new Request(exchange.url, { headers }), exchange.id, context),
      session: undefined,
    }
  })
}

function standIn(request: Request, id: string, context: ConnectionContext): RequestContext {
  // Never answered: it only lets HTTP-shaped endpoints and predicates read the connection.
  const exchange: HttpExchange = {
    kind: 'http',
    id,
    request,
    respondWith() {},
    passthrough: () => Promise.resolve(undefined),
    errorWith() {},
  }
  return new RequestContext(exchange, context.scope)
}

/**
 * Plays graphql-ws on a connection a subscription handler took. Each
 * `subscribe` is parsed and offered to the subscription handlers of the
 * connection's scope, in list order, as it is when the message arrives.
 *
 * @example
 * startSession(connectionOf(context), context)
 */
export function startSession(connection: SubscriptionConnection, context: ConnectionContext): void {
  const { client } = context.exchange.connection as { client: RawClientConnection }
  // The runtime's reporter (unhandledException) where the kernel provides one.
  const report = (context as { report?: (error: unknown) => void }).report ?? ((error: unknown) => console.error(error))
  const start: StartSubscription = async (payload, signal, connectionParams) => {
    const operation = await parseRawOperation({ kind: 'raw', ...payload })
    if (operation.kind === 'invalid') return { errors: [{ message: `[mocklib] This graphql-ws subscribe cannot be answered: ${operation.reason}` }] }
    if (operation.operationType !== 'subscription') {
      return { errors: [{ message: `[mocklib] graphql-ws carried a ${operation.operationType}; mocklib answers only subscriptions over graphql-ws. Send queries and mutations over HTTP (graphql.query / graphql.mutation).` }] }
    }
    for (const handler of context.scope.list.handlers) {
      if (!isSubscriptionHandler(handler)) continue
      if (!(await handler.selects(operation, connection.request, connection.socketRequest)) || !handler.claim()) continue
      const iterator = await openOrRelease(handler, {
        query: operation.query,
        variables: operation.variables,
        operationName: operation.operationName,
        operationType: 'subscription',
        request: connection.request.request,
        cookies: connection.request.cookies,
        requestId: context.requestId,
        connectionParams,
        transport: 'graphql-ws',
        signal,
      })
      if (iterator !== undefined) return { iterator, handler: handler.label }
    }
    return { errors: [{ message: unansweredSubscription(operation.operationName, context.url.href) }] }
  }
  new GraphQLWsSession(client, start, report).listen()
}

/** Opens the handler's stream; a resolver that answered nothing gives its use back (a throw keeps it, as over HTTP). */
async function openOrRelease(handler: SubscriptionCandidate, info: SubscriptionResolverInfoRuntime): Promise<SubscriptionIterator | undefined> {
  const iterator = await handler.open(info)
  if (iterator === undefined) handler.unclaim()
  return iterator
}
