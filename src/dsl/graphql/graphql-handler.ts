import { RequestHandler, type HandlerInfo, type HandlerOptions, type IndexKey, type RequestContext } from '../../kernel/index.js'
import { compileHandlerPredicate, type CompiledAsyncPredicate, type HttpPredicate } from '../http/http-predicate.js'
import { ResolverRunner } from '../shared/resolver-runner.js'
import { negotiateContentType } from './content-negotiation.js'
import { ANY, graphQLChannel, operationKey } from './graphql-channel.js'
import type { GraphQLOperationType, ParsedOperation } from './graphql-operation.js'
import { graphQLRequestState } from './graphql-request-state.js'
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

const EVERY_OPERATION: CompiledSelector = { key: operationKey(ANY, ANY), label: 'operation *', matches: () => true }

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

  async match(context: RequestContext): Promise<ParsedOperation | undefined> {
    const state = await graphQLRequestState(context)
    if (state === null || state.kind !== 'operation') return undefined
    if (this.#operationType !== 'any' && state.operationType !== this.#operationType) return undefined
    const selected = this.#selector.matches(state.operationName, state, context)
    if (!(selected instanceof Promise ? await selected : selected)) return undefined
    if (this.#endpoint !== undefined && (await this.#endpoint.match(context)) === undefined) return undefined
    return state
  }

  async respond(operation: ParsedOperation, context: RequestContext): Promise<Response | undefined> {
    const response = await this.#runner.run({
      query: operation.query,
      variables: operation.variables,
      operationName: operation.operationName,
      operationType: operation.operationType,
      request: context.request,
      cookies: context.cookies,
      requestId: context.requestId,
    })
    return response === undefined ? undefined : negotiateContentType(context.request, response)
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
