import { message, onFirstUse, RequestHandler, type ConnectionContext, type ExchangeContext, type HandlerInfo, type HandlerOptions, type IndexKey, type RequestContext } from '../../kernel/index.js'
import { webSocketIndexKey } from '../ws/websocket-handler.js'
import { graphQLChannel } from './graphql-channel.js'
import type { GraphQLEndpoint } from './graphql-handler.js'
import { requireGraphQL } from './graphql-module.js'
import type { ParsedOperation } from './graphql-operation.js'
import { compileSelector, type CompiledSelector } from './operation-selector.js'
import {
  GRAPHQL_TRANSPORT_WS,
  SUBSCRIPTION_BRAND,
  type SubscriptionCandidate,
  type SubscriptionConnection,
  type SubscriptionResolverInfoRuntime,
} from './subscription-connection.js'
import type { SubscriptionIterator } from './subscription-stream.js'

/** What a subscription handler runs for a request or a connection, and the transports: loaded when the first one reaches a subscription handler. */
const transports = /* @__PURE__ */ onFirstUse(
  () => import('./subscription-transports.js'),
  (error) => new Error(message(`The GraphQL subscription transports could not be loaded (${String(error)}).`, 'If mocklib is bundled, keep the chunks it imports next to it.')),
)

/**
 * What a subscription handler's request-time code (subscription-matching.ts)
 * reads of it: compiled at creation, so a bad argument throws there.
 * @internal
 */
export interface SubscriptionHandlerPlan {
  readonly selector: CompiledSelector
  readonly endpoint: GraphQLEndpoint | undefined
  readonly resolver: (info: SubscriptionResolverInfoRuntime) => unknown
  /** Connections the handler matched and the kernel is about to claim (see `claim`). */
  connectionClaims: number
}

/**
 * A GraphQL subscription handler, made by `graphql.subscription` (or the one of
 * a `graphql.link(url)`). One handler answers both transports:
 *
 * - GraphQL over SSE: an HTTP request for a subscription that accepts
 *   `text/event-stream` is answered with an event stream (`next`…, `complete`).
 * - graphql-ws: a WebSocket that asks for the `graphql-transport-ws`
 *   subprotocol on the handler's endpoint is taken by the first such handler
 *   of the list, which plays the protocol; each `subscribe` then goes to the
 *   subscription handlers of the connection's scope in list order (overrides
 *   added later with `server.use` count for later subscriptions).
 *
 * @example
 * const handler = graphql.subscription('OnCount', async function* () { yield { data: { count: 1 } } })
 * handler.info.header // 'subscription OnCount (origin: *)'
 */
export class GraphQLSubscriptionHandler extends RequestHandler<ParsedOperation | SubscriptionConnection> implements SubscriptionCandidate {
  readonly info: HandlerInfo
  readonly indexKey: IndexKey
  readonly alsoTakes: readonly { readonly kind: 'websocket'; readonly indexKey: IndexKey }[]
  readonly #plan: SubscriptionHandlerPlan

  constructor(selector: unknown, resolver: unknown, options?: HandlerOptions, endpoint?: GraphQLEndpoint) {
    super(options)
    Object.defineProperty(this, SUBSCRIPTION_BRAND, { value: true })
    requireGraphQL('graphql.subscription()')
    const compiled = compileSelector('subscription', selector, 'graphql.subscription()')
    const header = `${compiled.label} (origin: ${endpoint?.label ?? '*'})`
    this.info = { kind: 'graphql', header }
    this.indexKey = { channel: graphQLChannel, key: compiled.key }
    // A string endpoint files the WebSocket side under its host; anything else under every host.
    this.alsoTakes = [{ kind: 'websocket', indexKey: webSocketIndexKey(endpoint?.label ?? '*') }]
    if (typeof resolver !== 'function') {
      throw new TypeError(`[mocklib] graphql.subscription() for "${header}" expects a resolver function as its second argument, but got ${typeof resolver}.`)
    }
    this.#plan = { selector: compiled, endpoint, resolver: resolver as (info: SubscriptionResolverInfoRuntime) => unknown, connectionClaims: 0 }
  }

  /** The short name used in messages. @internal */
  get label(): string {
    const { selector, endpoint } = this.#plan
    return endpoint === undefined ? selector.label : `${selector.label} on ${endpoint.label}`
  }

  match(context: ExchangeContext): ParsedOperation | SubscriptionConnection | undefined | Promise<ParsedOperation | SubscriptionConnection | undefined> {
    // A WebSocket that does not ask for graphql-ws is decided here, without loading the subscription code.
    if (context.exchange.kind === 'websocket' && !(context as ConnectionContext).exchange.protocols.includes(GRAPHQL_TRANSPORT_WS)) return undefined
    const plan = this.#plan
    return transports.use((module) => module.matchSubscription(this, plan, context))
  }

  respond(match: ParsedOperation | SubscriptionConnection, context: ExchangeContext): Promise<Response | undefined> | undefined {
    // Over graphql-ws, the kernel accepts the connection once this settles: the session listens before any message arrives.
    return transports.use((module) => module.respondToSubscription(this, match, context))
  }

  /**
   * The kernel claims a connection this handler matched right after `match`
   * (synchronously when the endpoint is a URL or RegExp): that claim is free,
   * so a `once` handler is used up by a subscription, not by its socket.
   */
  override claim(): boolean {
    const plan = this.#plan
    if (plan.connectionClaims > 0) {
      plan.connectionClaims--
      return true
    }
    return super.claim()
  }

  /**
   * Whether this handler selects `operation` arriving through `context`
   * (its name selector, then its endpoint). @internal
   */
  async selects(operation: ParsedOperation, context: RequestContext, alternative?: RequestContext): Promise<boolean> {
    return (transports.loaded ?? (await transports.load())).selects(this.#plan, operation, context, alternative)
  }

  /**
   * Runs the resolver: the iterator of its stream, or `undefined` when it
   * answered nothing (the next handler tries). Throws what the resolver threw. @internal
   */
  async open(info: SubscriptionResolverInfoRuntime): Promise<SubscriptionIterator | undefined> {
    return (transports.loaded ?? (await transports.load())).open(this.#plan, this.label, info)
  }
}
