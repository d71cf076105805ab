import { RequestHandler, type HandlerInfo, type HandlerOptions, type IndexKey, type RequestContext } from '../../kernel/index.js'
import { compileHandlerPredicate, type CompiledAsyncPredicate, type HttpPredicate } from '../http/http-predicate.js'
import { ResolverRunner } from '../shared/resolver-runner.js'
import { negotiateContentType } from './content-negotiation.js'
import { ANY, graphQLChannel, operationKey } from './graphql-channel.js'
import type { GraphQLOperationType, GraphQLRequestState, ParsedOperation } from './graphql-operation.js'
import { graphQLRequestState, PENDING, settledRequestState } from './graphql-request-state.js'
import { compileSelector, type CompiledSelector } from './operation-selector.js'

/** What a GraphQL resolver receives at runtime (typed by `GraphQLResolverInfo`). */
export interface GraphQLResolverInfoRuntime {
  readonly query: string
  readonly variables: Record<string, unknown>
  readonly operationName: string | undefined
  readonly operationType: GraphQLOperationType
  readonly request: Request
  readonly cookies: Record<string, string>
  readonly requestId: string
}

/** Which operations a handler answers: a type and a name selector, or every operation. */
export type GraphQLHandlerTarget =
  | { readonly operationType: 'query' | 'mutation'; readonly selector: unknown }
  | { readonly operationType: 'any' }

/** The endpoint of a `graphql.link(url)`, compiled once for all its handlers. */
export interface GraphQLEndpoint {
  readonly predicate: CompiledAsyncPredicate
  readonly label: string
}

/**
 * Compiles the endpoint of `graphql.link(url)`: a URL or path pattern like the
 * ones of `http.*`, a RegExp or a predicate function. Throws on a bad pattern.
 *
 * @example
 * compileEndpoint('https://api.example.com/graphql')
 */
export function compileEndpoint(url: HttpPredicate): GraphQLEndpoint {
  const label = typeof url === 'string' ? url : url instanceof RegExp ? String(url) : '<predicate function>'
  return { predicate: compileHandlerPredicate(url, 'graphql.link()'), label }
}

const EVERY_OPERATION: CompiledSelector = { key: /* @__PURE__ */ operationKey(ANY, ANY), label: 'operation *', matches: () => true }

/**
 * A GraphQL request handler, made by `graphql.query`, `graphql.mutation`,
 * `graphql.operation` or the same functions of a `graphql.link(url)`.
 * The selector is compiled at creation (a bad one throws there, naming the
 * factory); the request is parsed once and shared by all GraphQL handlers.
 *
 * @example
 * const handler = graphql.query('ListPosts', () => HttpResponse.json({ data: { posts: [] } }))
 * handler.info.header // 'query ListPosts'
 */
export class GraphQLHandler extends RequestHandler<ParsedOperation> {
  readonly info: HandlerInfo
  readonly indexKey: IndexKey
  readonly #operationType: GraphQLOperationType | 'any'
  readonly #selector: CompiledSelector
  readonly #endpoint: CompiledAsyncPredicate | undefined
  readonly #runner: ResolverRunner<GraphQLResolverInfoRuntime>

  constructor(target: GraphQLHandlerTarget, resolver: unknown, options?: HandlerOptions, endpoint?: GraphQLEndpoint) {
    super(options)
    const factory = `graphql.${target.operationType === 'any' ? 'operation' : target.operationType}()`
    this.#operationType = target.operationType
    this.#selector = target.operationType === 'any' ? EVERY_OPERATION : compileSelector(target.operationType, target.selector, factory)
    this.#endpoint = endpoint?.predicate
    // msw's format: `query GetUser (origin: *)`, `all (origin: https://api.example.com/graphql)`.
    const header = `${target.operationType === 'any' ? 'all' : this.#selector.label} (origin: ${endpoint?.label ?? '*'})`
    this.info = { kind: 'graphql', header }
    this.indexKey = { channel: graphQLChannel, key: this.#selector.key }
    if (typeof resolver !== 'function') {
      const position = target.operationType === 'any' ? 'first' : 'second'
      throw new TypeError(`[mocklib] ${factory} for "${header}" expects a resolver function as its ${position} argument, but got ${typeof resolver}.`)
    }
    // Messages name the handler the short way (`query ListPosts on <url>`).
    const name = endpoint === undefined ? this.#selector.label : `${this.#selector.label} on ${endpoint.label}`
    this.#runner = new ResolverRunner(resolver as (info: GraphQLResolverInfoRuntime) => unknown, name, { once: options?.once === true, release: () => this.unclaim() })
  }

  // Synchronous once the GraphQL channel has read the request (the usual case): no promise per handler.
  match(context: RequestContext): ParsedOperation | undefined | Promise<ParsedOperation | undefined> {
    const state = settledRequestState(context)
    if (state === PENDING) return graphQLRequestState(context).then((settled) => this.#matchState(settled, context))
    return this.#matchState(state, context)
  }

  #matchState(state: GraphQLRequestState, context: RequestContext): ParsedOperation | undefined | Promise<ParsedOperation | undefined> {
    if (state === null || state.kind !== 'operation') return undefined
    if (this.#operationType !== 'any' && state.operationType !== this.#operationType) return undefined
    const selected = this.#selector.matches(state.operationName, state, context)
    if (selected instanceof Promise) return selected.then((yes) => (yes ? this.#onEndpoint(state, context) : undefined))
    return selected ? this.#onEndpoint(state, context) : undefined
  }

  #onEndpoint(state: ParsedOperation, context: RequestContext): ParsedOperation | undefined | Promise<ParsedOperation | undefined> {
    if (this.#endpoint === undefined) return state
    const params = this.#endpoint.match(context)
    if (params instanceof Promise) return params.then((found) => (found === undefined ? undefined : state))
    return params === undefined ? undefined : state
  }

  respond(operation: ParsedOperation, context: RequestContext): Response | undefined | Promise<Response | undefined> {
    const result = this.#runner.run({
      query: operation.query,
      variables: operation.variables,
      operationName: operation.operationName,
      operationType: operation.operationType,
      request: context.request,
      cookies: context.cookies,
      requestId: context.requestId,
    })
    if (result instanceof Promise) return result.then((response) => (response === undefined ? undefined : negotiateContentType(context.request, response)))
    return result === undefined ? undefined : negotiateContentType(context.request, result)
  }

  override restore(): void {
    super.restore()
    this.#runner.restore()
  }

  /** `resetHandlers()`: stops a generator resolver (its `finally` runs); rejects with what that threw. */
  reset(): Promise<void> {
    return this.#runner.reset()
  }
}
