import type { HandlerOptions } from '../../kernel/index.js'
import type { MaybePromise, NoInference } from '../shared/type-helpers.js'
import type { GraphQLErrorItem, GraphQLOperationSelector, GraphQLVariables } from './graphql-types.js'
import type { GraphQLSubscriptionHandler } from './subscription-handler.js'

/**
 * How a subscription came: a `graphql-transport-ws` WebSocket or a GraphQL-over-SSE request.
 *
 * @example
 * graphql.subscription('OnMessage', async function* ({ transport }) {
 *   yield { data: { onMessage: { text: `over ${transport}` } } }
 * })
 */
export type GraphQLSubscriptionTransport = 'graphql-ws' | 'sse'

/**
 * What a subscription resolver receives.
 *
 * @example
 * graphql.subscription(OnCountDocument, async function* ({ variables, signal }) {
 *   for (let count = 1; count <= variables.to && !signal.aborted; count++) yield { data: { count } }
 * })
 */
export interface GraphQLSubscriptionResolverInfo<Variables = GraphQLVariables> {
  /** The subscription document as the client sent it. */
  readonly query: string
  /** The operation's variables by name. */
  readonly variables: Variables
  /** The name of the operation; `undefined` for an anonymous one. */
  readonly operationName: string | undefined
  readonly operationType: 'subscription'
  /** Over graphql-ws, a stand-in for the upgrade request (`http:`/`https:` for `ws:`/`wss:`). */
  readonly request: Request
  /** The request's cookies by name (none over graphql-ws). */
  readonly cookies: Record<string, string>
  /** Unique to the SSE request or to the WebSocket connection. */
  readonly requestId: string
  /** The `payload` of graphql-ws's `connection_init` (`connectionParams`); `undefined` over SSE. */
  readonly connectionParams: Record<string, unknown> | undefined
  readonly transport: GraphQLSubscriptionTransport
  /** Aborts when the client ends the subscription; reaches code awaiting between yields, which `return()` cannot. */
  readonly signal: AbortSignal
}

/**
 * One result a subscription yields: a graphql-ws `next` payload or an SSE `next` event's data.
 *
 * @example
 * const result: GraphQLSubscriptionResult<{ count: number }> = { data: { count: 1 } }
 */
export interface GraphQLSubscriptionResult<Data = any> {
  readonly data?: Data | null
  readonly errors?: readonly GraphQLErrorItem[]
  readonly extensions?: Record<string, unknown>
}

/**
 * The stream of results (an async or plain iterable), or nothing to let the next handler try.
 *
 * @example
 * const stream: GraphQLSubscriptionStream<{ count: number }> = [{ data: { count: 1 } }]
 */
export type GraphQLSubscriptionStream<Data> =
  | AsyncIterable<GraphQLSubscriptionResult<Data>>
  | Iterable<GraphQLSubscriptionResult<Data>>
  | undefined
  | void

/**
 * Usually an async generator: each yield is one result, returning completes, throwing sends a GraphQL error.
 *
 * @example
 * const resolver: GraphQLSubscriptionResolver<{ count: number }, { to: number }> = async function* ({ variables }) {
 *   for (let count = 1; count <= variables.to; count++) yield { data: { count } }
 * }
 */
export type GraphQLSubscriptionResolver<Data = any, Variables = GraphQLVariables> = (
  info: GraphQLSubscriptionResolverInfo<Variables>,
) => MaybePromise<GraphQLSubscriptionStream<Data>>

/**
 * `graphql.subscription`: types from a typed document or explicit generics `<Data, Variables>`.
 *
 * @example
 * graphql.subscription(OnCountDocument, async function* ({ variables }) {
 *   for (let count = 1; count <= variables.to; count++) yield { data: { count } }
 * })
 */
export interface GraphQLSubscriptionHandlerFactory {
  <Data = any, Variables = GraphQLVariables>(
    selector: GraphQLOperationSelector<Data, Variables>,
    resolver: GraphQLSubscriptionResolver<NoInference<Data>, NoInference<Variables>>,
    options?: HandlerOptions,
  ): GraphQLSubscriptionHandler
}
