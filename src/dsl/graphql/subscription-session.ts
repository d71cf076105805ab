import type { ConnectionContext } from '../../kernel/index.js'
import type { RawClientConnection } from '../ws/ws-events.js'
import { parseRawOperation } from './graphql-request-state.js'
import { GraphQLWsSession, unansweredSubscription, type StartSubscription } from './graphql-ws-protocol.js'
import { isSubscriptionHandler, type SubscriptionCandidate, type SubscriptionConnection, type SubscriptionResolverInfoRuntime } from './subscription-connection.js'
import type { SubscriptionIterator } from './subscription-stream.js'

// The graphql-ws session of a connection a subscription handler took: loaded with the other subscription
// transports by the first subscription (subscription-transports.ts), not with mocklib.

/**
 * Plays graphql-ws on a connection a subscription handler took. Each
 * `subscribe` is parsed and offered to the subscription handlers of the
 * connection's scope, in list order, as it is when the message arrives.
 *
 * @example
 * startSession(connectionOf(context), context)
 */
export function startSession(connection: SubscriptionConnection, context: ConnectionContext): void {
  const { client }: { client: RawClientConnection } = context.exchange.connection
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
