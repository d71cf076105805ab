import { RequestContext, type ConnectionContext, type ExchangeContext, type HttpExchange } from '../../kernel/index.js'
import type { ParsedOperation } from './graphql-operation.js'
import { graphQLRequestState } from './graphql-request-state.js'
import type { SubscriptionConnection, SubscriptionResolverInfoRuntime } from './subscription-connection.js'
import type { GraphQLSubscriptionHandler, SubscriptionHandlerPlan } from './subscription-handler.js'
import { eventStreamResponse } from './subscription-sse.js'
import { startSession } from './subscription-session.js'
import { iteratorOf, type SubscriptionIterator } from './subscription-stream.js'

// What a subscription handler runs for a request or a connection: matching it (GraphQL over SSE, graphql-ws
// connections), running the resolver and answering with a stream or a session. Loaded with the transports by
// the first request or graphql-ws connection that reaches a subscription handler (subscription-handler.ts).

/**
 * What a subscription handler takes of an exchange: a GraphQL-over-SSE
 * subscription request, or a graphql-ws connection on its endpoint (the
 * first such handler of the list plays the protocol on it).
 *
 * @example
 * const match = await matchSubscription(handler, plan, context)
 */
export function matchSubscription(
  handler: GraphQLSubscriptionHandler,
  plan: SubscriptionHandlerPlan,
  context: ExchangeContext,
): ParsedOperation | SubscriptionConnection | undefined | Promise<ParsedOperation | SubscriptionConnection | undefined> {
  return context.exchange.kind === 'websocket' ? matchConnection(handler, plan, context as ConnectionContext) : matchRequest(plan, context as RequestContext)
}

async function matchRequest(plan: SubscriptionHandlerPlan, context: RequestContext): Promise<ParsedOperation | undefined> {
  const state = await graphQLRequestState(context)
  if (state === null || state.kind !== 'operation' || state.operationType !== 'subscription') return undefined
  // The GraphQL-over-SSE spec has subscribers name `text/event-stream` in `Accept`.
  if (!(context.request.headers.get('accept') ?? '').includes('text/event-stream')) {
    context.addNote('It is a GraphQL subscription without "Accept: text/event-stream"; graphql.subscription() answers GraphQL over SSE requests that accept it (and graphql-ws WebSockets).')
    return undefined
  }
  return (await selects(plan, state, context)) ? state : undefined
}

function matchConnection(handler: GraphQLSubscriptionHandler, plan: SubscriptionHandlerPlan, context: ConnectionContext): SubscriptionConnection | undefined | Promise<SubscriptionConnection | undefined> {
  const connection = connectionOf(context)
  // One session a connection: the first subscription handler whose endpoint fits plays the protocol.
  if (connection.session !== undefined) return undefined
  const take = (matches: boolean): SubscriptionConnection | undefined => {
    if (!matches || connection.session !== undefined) return undefined
    connection.session = handler
    plan.connectionClaims++
    return connection
  }
  const matches = endpointMatches(plan, connection.request, connection.socketRequest)
  return matches instanceof Promise ? matches.then(take) : take(matches)
}

/**
 * Whether a subscription handler selects `operation` arriving through
 * `context` (its name selector, then its endpoint).
 *
 * @example
 * if (await selects(plan, operation, connection.request, connection.socketRequest)) handler.claim()
 */
export async function selects(plan: SubscriptionHandlerPlan, operation: ParsedOperation, context: RequestContext, alternative?: RequestContext): Promise<boolean> {
  const selected = plan.selector.matches(operation.operationName, operation, context)
  if (!(selected instanceof Promise ? await selected : selected)) return false
  return endpointMatches(plan, context, alternative)
}

function endpointMatches(plan: SubscriptionHandlerPlan, context: RequestContext, alternative?: RequestContext): boolean | Promise<boolean> {
  if (plan.endpoint === undefined) return true
  const { predicate } = plan.endpoint
  const first = predicate.match(context)
  const decide = (params: Record<string, string> | undefined): boolean | Promise<boolean> => {
    if (params !== undefined) return true
    if (alternative === undefined) return false
    const second = predicate.match(alternative)
    return second instanceof Promise ? second.then((found) => found !== undefined) : second !== undefined
  }
  return first instanceof Promise ? first.then(decide) : decide(first)
}

/**
 * Runs a subscription resolver: the iterator of its stream, or `undefined`
 * when it answered nothing. Throws what the resolver threw.
 *
 * @example
 * const iterator = await open(plan, handler.label, info)
 */
export async function open(plan: SubscriptionHandlerPlan, label: string, info: SubscriptionResolverInfoRuntime): Promise<SubscriptionIterator | undefined> {
  const returned = plan.resolver(info)
  const stream = returned instanceof Promise ? await returned : returned
  return stream === undefined ? undefined : iteratorOf(stream, label)
}

/**
 * Answers what `matchSubscription` took: a graphql-ws session on the
 * connection (started before the kernel accepts it, so it listens before any
 * message arrives), or an event stream for the SSE request.
 *
 * @example
 * return respondToSubscription(handler, match, context)
 */
export function respondToSubscription(handler: GraphQLSubscriptionHandler, match: ParsedOperation | SubscriptionConnection, context: ExchangeContext): Promise<Response | undefined> | undefined {
  if (context.exchange.kind === 'websocket') return void startSession(match as SubscriptionConnection, context as ConnectionContext)
  return respondWithStream(handler, match as ParsedOperation, context as RequestContext)
}

async function respondWithStream(handler: GraphQLSubscriptionHandler, operation: ParsedOperation, context: RequestContext): Promise<Response | undefined> {
  const controller = new AbortController()
  const iterator = await handler.open({
    query: operation.query,
    variables: operation.variables,
    operationName: operation.operationName,
    operationType: 'subscription',
    request: context.request,
    cookies: context.cookies,
    requestId: context.requestId,
    connectionParams: undefined,
    transport: 'sse',
    signal: controller.signal,
  })
  if (iterator === undefined) return undefined
  return eventStreamResponse(iterator, controller, context.request.signal, handler.label)
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
