import type { HandlerOptions } from '../../kernel/index.js'
import type { MaybePromise } from '../shared/type-helpers.js'
import type { GraphQLErrorItem, GraphQLOperationSelector, GraphQLVariables } from './graphql-types.js'
import type { GraphQLSubscriptionHandler } from './subscription-handler.js'
import type { NoInference } from '../shared/type-helpers.js'

/**
 * How a subscription reached the handler: a `graphql-transport-ws` WebSocket
 * (the `graphql-ws` package's protocol) or a GraphQL-over-SSE request
 * ("distinct connections" mode).
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
  /**
   * Over SSE, the intercepted request. Over graphql-ws, a stand-in for the
   * WebSocket's upgrade request: its URL (with `http:`/`https:` for
   * `ws:`/`wss:`) and a `sec-websocket-protocol` header.
   */
  readonly request: Request
  /** The request's cookies by name (none over graphql-ws). */
  readonly cookies: Record<string, string>
  /** Unique to the SSE request or to the WebSocket connection. */
  readonly requestId: string
  /** The `payload` of graphql-ws's `connection_init` (`connectionParams`); `undefined` over SSE. */
  readonly connectionParams: Record<string, unknown> | undefined
  readonly transport: GraphQLSubscriptionTransport
  /**
   * Aborts when the subscription ends from the client's side: graphql-ws
   * `complete`, the socket closing, the SSE request aborted or its stream
   * cancelled. The iterator's `return()` is called too (a generator's
   * `finally` runs); the signal also reaches code awaiting between yields.
   */
  readonly signal: AbortSignal
}

/**
 * One result a subscription yields: a GraphQL execution result, sent as a
 * graphql-ws `next` payload or as the data of an SSE `next` event.
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
 * What a subscription resolver returns: the stream of results (an async
 * generator, any async iterable, or a plain iterable), or nothing to let the
 * next matching subscription handler try.
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
 * A subscription resolver, usually an async generator function: each yielded
 * `{ data, errors? }` is one result for the client; returning ends the
 * subscription (`complete`); throwing sends a GraphQL error (graphql-ws
 * `error`, or an SSE `next` with `errors` then `complete`).
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
 * `graphql.subscription`. Data and variables come from a typed document
 * (TypedDocumentNode, typed document string) or from explicit generics
 * `<Data, Variables>`; a yielded `data` of another shape is a type error.
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
