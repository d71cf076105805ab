import {
  message,
  onFirstUse,
  RequestContext,
  RequestHandler,
  type ConnectionContext,
  type ExchangeContext,
  type HandlerInfo,
  type HandlerOptions,
  type HttpExchange,
  type IndexKey,
} from '../../kernel/index.js'
import { webSocketIndexKey } from '../ws/websocket-handler.js'
import { graphQLChannel } from './graphql-channel.js'
import type { GraphQLEndpoint } from './graphql-handler.js'
import { requireGraphQL } from './graphql-module.js'
import type { ParsedOperation } from './graphql-operation.js'
import { graphQLRequestState } from './graphql-request-state.js'
import { parseOperation } from './parse-operation.js'
import { compileSelector, type CompiledSelector } from './operation-selector.js'
import {
  iteratorOf,
  SUBSCRIPTION_BRAND,
  type SubscriptionCandidate,
  type SubscriptionConnection,
  type SubscriptionIterator,
  type SubscriptionResolverInfoRuntime,
} from './subscription-connection.js'

// Each transport is a whole mechanism, loaded by the first subscription that comes through it.
const transportFailure = (error: unknown) =>
  new Error(message(`The GraphQL subscription transports could not be loaded (${String(error)}).`, 'If mocklib is bundled, keep the chunks it imports next to it.'))
const sse = /* @__PURE__ */ onFirstUse(() => import('./subscription-sse.js'), transportFailure)
const graphQLWs = /* @__PURE__ */ onFirstUse(() => import('./graphql-ws-protocol.js'), transportFailure)

const CONNECTION = Symbol('mocklib graphql-ws connection')
const GRAPHQL_TRANSPORT_WS = 'graphql-transport-ws'

/**
 * A GraphQL subscription handler, made by `graphql.subscription`. It answers GraphQL over SSE
 * requests that accept `text/event-stream`, and takes `graphql-transport-ws` WebSockets on its
 * endpoint (the first such handler plays the protocol; each `subscribe` then goes to the scope's
 * subscription handlers in list order).
 *
 * @example
 * const handler = graphql.subscription('OnCount', async function* () { yield { data: { count: 1 } } })
 * handler.info.header // 'subscription OnCount (origin: *)'
 */
export class GraphQLSubscriptionHandler extends RequestHandler<ParsedOperation | SubscriptionConnection> implements SubscriptionCandidate {
  readonly info: HandlerInfo
  readonly indexKey: IndexKey
  readonly alsoTakes: readonly { readonly kind: 'websocket'; readonly indexKey: IndexKey }[]
  readonly #selector: CompiledSelector
  readonly #endpoint: GraphQLEndpoint | undefined
  readonly #resolver: (info: SubscriptionResolverInfoRuntime) => unknown
  /** Connections matched that the kernel is about to claim (see `claim`). */
  #connectionClaims = 0

  constructor(selector: unknown, resolver: unknown, options?: HandlerOptions, endpoint?: GraphQLEndpoint) {
    super(options)
    Object.defineProperty(this, SUBSCRIPTION_BRAND, { value: true })
    requireGraphQL('graphql.subscription()')
    const compiled = compileSelector('subscription', selector, 'graphql.subscription()')
    const header = `${compiled.label} (origin: ${endpoint?.label ?? '*'})`
    this.info = { kind: 'graphql', header }
    this.indexKey = { channel: graphQLChannel, key: compiled.key }
    this.alsoTakes = [{ kind: 'websocket', indexKey: webSocketIndexKey(endpoint?.label ?? '*') }]
    if (typeof resolver !== 'function') {
      throw new TypeError(`[mocklib] graphql.subscription() for "${header}" expects a resolver function as its second argument, but got ${typeof resolver}.`)
    }
    this.#selector = compiled
    this.#endpoint = endpoint
    this.#resolver = resolver as (info: SubscriptionResolverInfoRuntime) => unknown
  }

  /** How messages name it. @internal */
  get label(): string {
    return this.#endpoint === undefined ? this.#selector.label : `${this.#selector.label} on ${this.#endpoint.label}`
  }

  match(context: ExchangeContext): ParsedOperation | SubscriptionConnection | undefined | Promise<ParsedOperation | SubscriptionConnection | undefined> {
    return context.exchange.kind === 'websocket' ? this.#matchConnection(context as ConnectionContext) : this.#matchRequest(context as RequestContext)
  }

  async #matchRequest(context: RequestContext): Promise<ParsedOperation | undefined> {
    const state = await graphQLRequestState(context)
    if (state === null || state.kind !== 'operation' || state.operationType !== 'subscription') return undefined
    if (!(context.request.headers.get('accept') ?? '').includes('text/event-stream')) {
      context.addNote('It is a GraphQL subscription without "Accept: text/event-stream"; graphql.subscription() answers GraphQL over SSE requests that accept it (and graphql-ws WebSockets).')
      return undefined
    }
    return (await this.selects(state, context)) ? state : undefined
  }

  #matchConnection(context: ConnectionContext): Promise<SubscriptionConnection | undefined> | undefined {
    if (!context.exchange.protocols.includes(GRAPHQL_TRANSPORT_WS)) return undefined
    const connection = connectionOf(context)
    // One session a connection: the first subscription handler whose endpoint fits plays the protocol.
    if (connection.session !== undefined) return undefined
    return this.#endpointMatches(connection.request, connection.socketRequest).then((matches) => {
      if (!matches || connection.session !== undefined) return undefined
      connection.session = this
      this.#connectionClaims++
      return connection
    })
  }

  respond(match: ParsedOperation | SubscriptionConnection, context: ExchangeContext): Promise<Response | undefined> | undefined {
    // Over graphql-ws, the kernel accepts the connection once this settles: the session listens before any message arrives.
    if (context.exchange.kind === 'websocket') return graphQLWs.use((module) => void new module.GraphQLWsSession(match as SubscriptionConnection, context as ConnectionContext, parseOperation).listen())
    return sse.use((module) => module.respondWithStream(this, match as ParsedOperation, context as RequestContext))
  }

  /**
   * The kernel claims a matched connection right after `match`: that claim is free, so a `once`
   * handler is used up by a subscription, not by its socket.
   */
  override claim(): boolean {
    if (this.#connectionClaims > 0) {
      this.#connectionClaims--
      return true
    }
    return super.claim()
  }

  /** Name selector, then endpoint. @internal */
  async selects(operation: ParsedOperation, context: RequestContext, alternative?: RequestContext): Promise<boolean> {
    const selected = await this.#selector.matches(operation.operationName, operation, context)
    return selected && this.#endpointMatches(context, alternative)
  }

  async #endpointMatches(context: RequestContext, alternative?: RequestContext): Promise<boolean> {
    if (this.#endpoint === undefined) return true
    const { predicate } = this.#endpoint
    if ((await predicate.match(context)) !== undefined) return true
    return alternative !== undefined && (await predicate.match(alternative)) !== undefined
  }

  /** `undefined` when the resolver answered nothing (the next handler tries). @internal */
  async open(info: SubscriptionResolverInfoRuntime): Promise<SubscriptionIterator | undefined> {
    const stream = await this.#resolver(info)
    return stream === undefined ? undefined : iteratorOf(stream, this.label)
  }
}

function connectionOf(context: ConnectionContext): SubscriptionConnection {
  return context.memo(CONNECTION, () => {
    const { exchange } = context
    const headers = { connection: 'upgrade', upgrade: 'websocket', 'sec-websocket-protocol': exchange.protocols.join(', ') }
    const httpUrl = new URL(exchange.url.href.replace(/^ws(s?):/i, 'http$1:'))
    return {
      request: standIn(new Request(httpUrl, { headers }), context),
      socketRequest: standIn(new Request(exchange.url, { headers }), context),
      session: undefined,
    }
  })
}

// Never answered: it only lets HTTP-shaped endpoints and predicates read the connection (its request id is the socket's).
function standIn(request: Request, context: ConnectionContext): RequestContext {
  const exchange: HttpExchange = {
    kind: 'http',
    id: context.exchange.id,
    request,
    respondWith() {},
    passthrough: () => Promise.resolve(undefined),
    errorWith() {},
  }
  return new RequestContext(exchange, context.scope)
}
