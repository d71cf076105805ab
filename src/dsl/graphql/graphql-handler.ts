import { RequestHandler, type HandlerInfo, type HandlerOptions, type IndexKey, type RequestContext } from '../../kernel/index.js'
import { httpChannel, httpIndexKey } from '../http/http-channel.js'
import { compileHandlerPredicate, type CompiledAsyncPredicate, type HttpPredicate } from '../http/http-predicate.js'
import {
  contextOf,
  logHandled,
  matchThroughPredicate,
  overridesOf,
  ParsedMatch,
  respondThroughRun,
  runHandler,
  testHandler,
  type ExecutionResult,
  type LogArgs,
  type Overrides,
  type ParseArgs,
  type PredicateArgs,
  type RunArgs,
} from '../shared/msw-handler-protocol.js'
import { ResolverRunner } from '../shared/resolver-runner.js'
import { negotiateContentType } from './content-negotiation.js'
import { graphQLChannel } from './graphql-channel.js'
import { requireGraphQL } from './graphql-module.js'
import { ANY, operationKey, type GraphQLOperationType, type GraphQLRequestState, type ParsedOperation } from './graphql-operation.js'
import { graphQLRequestState, PENDING, settledRequestState } from './graphql-request-state.js'
import { compileSelector, type CompiledSelector } from './operation-selector.js'

/** Typed for users by `GraphQLResolverInfo`. */
export interface GraphQLResolverInfoRuntime {
  readonly query: string
  readonly variables: Record<string, unknown>
  readonly operationName: string | undefined
  readonly operationType: GraphQLOperationType
  readonly request: Request
  readonly cookies: Record<string, string>
  readonly requestId: string
}

/**
 * Which operations a handler answers: a type and a name selector, or every operation (of any type, optionally selected by name).
 *
 * @example
 * const target: GraphQLHandlerTarget = { operationType: 'query', selector: 'ListPosts' }
 */
export type GraphQLHandlerTarget =
  | { readonly operationType: GraphQLOperationType; readonly selector: unknown }
  | { readonly operationType: 'any'; readonly selector?: unknown }

/**
 * An operation type as msw's `GraphQLHandler` takes it: `'all'` is every type.
 *
 * @example
 * const everyOperation: GraphQLHandlerOperationType = 'all'
 */
export type GraphQLHandlerOperationType = GraphQLOperationType | 'all'

/**
 * What `info` says of a GraphQL handler: msw's `header`, `operationType` and `operationName`.
 *
 * @example
 * const { operationType, operationName }: GraphQLHandlerInfo = graphql.query('ListPosts', resolver).info // 'query', 'ListPosts'
 */
export interface GraphQLHandlerInfo extends HandlerInfo {
  readonly operationType: GraphQLHandlerOperationType
  /** The selector as given: an operation name, a RegExp, a document or a predicate function. */
  readonly operationName: unknown
}

/**
 * msw's parsed result of a GraphQL request (`parse()`); the operation fields are absent when it is not one.
 *
 * @example
 * class LoggingHandler extends GraphQLHandler {
 *   log({ parsedResult }: { parsedResult: GraphQLRequestParsedResult }) {
 *     console.log(parsedResult.operationName, parsedResult.variables)
 *   }
 * }
 */
export interface GraphQLRequestParsedResult {
  readonly match: { readonly matches: boolean; readonly params: Record<string, string> }
  readonly cookies: Record<string, string>
  readonly query?: string
  readonly operationType?: GraphQLOperationType
  readonly operationName?: string
  readonly variables?: Record<string, unknown>
}

export interface GraphQLEndpoint {
  readonly predicate: CompiledAsyncPredicate
  readonly label: string
}

/** Compiled once for all the handlers of a `graphql.link(url)`. */
export function compileEndpoint(url: HttpPredicate): GraphQLEndpoint {
  const label = typeof url === 'string' ? url : url instanceof RegExp ? String(url) : '<predicate function>'
  return { predicate: compileHandlerPredicate(url, 'graphql.link()'), label }
}

const EVERY_OPERATION: CompiledSelector = { key: /* @__PURE__ */ operationKey(ANY, ANY), label: 'operation *', matches: () => true }

type MswArguments = [GraphQLHandlerOperationType, unknown, string | RegExp, (info: any) => unknown, HandlerOptions?]
type OwnArguments = [GraphQLHandlerTarget, unknown, HandlerOptions?, GraphQLEndpoint?]

// `'all'` selects by name too (msw's `graphql.operation` passes a RegExp of any name); the endpoint `'*'` is any URL.
function fromMswArguments(...[operationType, predicate, endpoint, resolver, options]: MswArguments): OwnArguments {
  if (operationType !== 'all' && operationType !== 'query' && operationType !== 'mutation' && operationType !== 'subscription') {
    throw new TypeError(
      `[mocklib] new GraphQLHandler() expects 'query', 'mutation', 'subscription' or 'all' as its first argument, but got ${JSON.stringify(operationType) ?? typeof operationType}. For example: new GraphQLHandler('query', 'GetUser', '*', resolver).`,
    )
  }
  if (endpoint !== '*' && typeof endpoint !== 'string' && !(endpoint instanceof RegExp)) {
    throw new TypeError(`[mocklib] new GraphQLHandler() expects the endpoint (its third argument) to be '*', a URL or a RegExp, but got ${typeof endpoint}.`)
  }
  const target: GraphQLHandlerTarget =
    operationType === 'all' ? { operationType: 'any', selector: predicate } : { operationType, selector: predicate }
  return [target, resolver, options, endpoint === '*' ? undefined : compileEndpoint(endpoint)]
}

/** Filed with `graphql.operation()` handlers; anonymous operations read as `''` (as msw). */
function anyTypeSelector(selector: unknown): CompiledSelector {
  if (selector === undefined || (selector instanceof RegExp && selector.source === '.*')) return EVERY_OPERATION
  const compiled = compileSelector('query', selector, 'new GraphQLHandler()')
  return { key: EVERY_OPERATION.key, label: 'operation *', matches: (name, operation, context) => compiled.matches(name ?? '', operation, context) }
}

/**
 * A GraphQL request handler, made by the `graphql.*` factories or as msw's
 * `new GraphQLHandler(operationType, predicate, endpoint, resolver, options?)`. A subclass may
 * override msw 2's `parse`, `predicate`, `extendResolverArgs`, `run` and `log`, as for `HttpHandler`.
 *
 * @example
 * const handler = graphql.query('ListPosts', () => HttpResponse.json({ data: { posts: [] } }))
 * handler.info.header // 'query ListPosts (origin: *)'
 */
export class GraphQLHandler extends RequestHandler<ParsedOperation> {
  readonly info: GraphQLHandlerInfo
  /** The resolver, as msw's `RequestHandler` keeps it (a subclass may read or wrap it before the first request). */
  protected resolver: (info: never) => unknown
  readonly #operationType: GraphQLOperationType | 'any'
  readonly #selector: CompiledSelector
  readonly #endpoint: CompiledAsyncPredicate | undefined
  /** `query ListPosts on <url>` */
  readonly #name: string
  readonly #once: boolean
  /** `''` for a handler made with msw's constructor: the name its resolver gets for an anonymous operation. */
  readonly #anonymousName: '' | undefined
  readonly #overrides: Overrides
  readonly #indexKey: IndexKey
  // Made on first answer: a handler that never answers costs no runner.
  #runner: ResolverRunner<GraphQLResolverInfoRuntime> | undefined

  /** msw 2's signature: `('query', 'GetUser', 'https://api.example.com/graphql', resolver)`, `('all', /.*\/, '*', resolver)`. */
  constructor(operationType: GraphQLHandlerOperationType, predicate: unknown, endpoint: string | RegExp, resolver: (info: any) => unknown, options?: HandlerOptions)
  /** mocklib's own: what the `graphql.*` factories make. */
  constructor(target: GraphQLHandlerTarget, resolver: unknown, options?: HandlerOptions, endpoint?: GraphQLEndpoint)
  constructor(...args: MswArguments | OwnArguments) {
    const msw = typeof args[0] === 'string'
    const [target, resolver, options, endpoint] = msw ? fromMswArguments(...(args as MswArguments)) : (args as OwnArguments)
    super(options)
    const factory = msw ? 'new GraphQLHandler()' : `graphql.${target.operationType === 'any' ? 'operation' : target.operationType}()`
    requireGraphQL(factory)
    const selector = target.operationType === 'any' ? anyTypeSelector(target.selector) : compileSelector(target.operationType, target.selector, factory)
    // msw's format: `query GetUser (origin: *)`, `all (origin: https://api.example.com/graphql)`.
    const header = `${target.operationType === 'any' ? 'all' : selector.label} (origin: ${endpoint?.label ?? '*'})`
    this.info = { kind: 'graphql', header, operationType: target.operationType === 'any' ? 'all' : target.operationType, operationName: target.selector }
    if (typeof resolver !== 'function') {
      const position = msw ? 'fourth' : target.operationType === 'any' ? 'first' : 'second'
      throw new TypeError(`[mocklib] ${factory} for "${header}" expects a resolver function as its ${position} argument, but got ${typeof resolver}.`)
    }
    this.resolver = resolver as (info: never) => unknown
    this.#operationType = target.operationType
    this.#selector = selector
    this.#endpoint = endpoint?.predicate
    this.#name = endpoint === undefined ? selector.label : `${selector.label} on ${endpoint.label}`
    this.#once = options?.once === true
    this.#anonymousName = msw ? '' : undefined
    this.#overrides = overridesOf(this as object, GraphQLHandler.prototype)
    // An overridden parse/predicate may take any request: filed where every request looks.
    this.#indexKey = this.#overrides.matching ? { channel: httpChannel, key: httpIndexKey(ANY, '') } : { channel: graphQLChannel, key: selector.key }
  }

  get indexKey(): IndexKey {
    return this.#indexKey
  }

  // Synchronous once the GraphQL channel has read the request (the usual case): no promise per handler.
  match(context: RequestContext): ParsedOperation | undefined | Promise<ParsedOperation | undefined> {
    if (this.#overrides.matching) return matchThroughPredicate(this, context) as Promise<ParsedOperation | undefined>
    const state = settledRequestState(context)
    if (state !== PENDING) return this.#matchOperation(state, context)
    return graphQLRequestState(context).then((settled) => this.#matchOperation(settled, context))
  }

  #matchOperation(state: GraphQLRequestState, context: RequestContext): ParsedOperation | undefined | Promise<ParsedOperation | undefined> {
    if (state === null || state.kind !== 'operation') return undefined
    const selected = this.#selects(state, context)
    if (selected instanceof Promise) return selected.then((yes) => (yes ? this.#onEndpoint(state, context) : undefined))
    return selected ? this.#onEndpoint(state, context) : undefined
  }

  #selects(operation: ParsedOperation, context: RequestContext): boolean | Promise<boolean> {
    if (this.#operationType !== 'any' && operation.operationType !== this.#operationType) return false
    return this.#selector.matches(operation.operationName, operation, context)
  }

  #onEndpoint(state: ParsedOperation, context: RequestContext): ParsedOperation | undefined | Promise<ParsedOperation | undefined> {
    if (this.#endpoint === undefined) return state
    const params = this.#endpoint.match(context)
    if (params instanceof Promise) return params.then((found) => (found === undefined ? undefined : state))
    return params === undefined ? undefined : state
  }

  respond(operation: ParsedOperation, context: RequestContext): Response | undefined | Promise<Response | undefined> {
    if (this.#overrides.run) return respondThroughRun(this, operation, context)
    return this.#answer(operation, context)
  }

  #answer(match: ParsedOperation, context: RequestContext): Response | undefined | Promise<Response | undefined> {
    const runner = (this.#runner ??= new ResolverRunner(this.resolver as (info: GraphQLResolverInfoRuntime) => unknown, this.#name, { once: this.#once, release: () => this.unclaim() }))
    const result = runner.run(this.#resolverInfo(match, context))
    if (result instanceof Promise) return result.then((response) => (response === undefined ? undefined : negotiateContentType(context.request, response)))
    return result === undefined ? undefined : negotiateContentType(context.request, result)
  }

  #resolverInfo(match: ParsedOperation, context: RequestContext): GraphQLResolverInfoRuntime {
    if (match instanceof ParsedMatch || this.#overrides.extendResolverArgs) {
      const extras = this.extendResolverArgs({ request: context.request, parsedResult: this.#parsedResultOf(match, context) })
      return { ...(extras as unknown as GraphQLResolverInfoRuntime), request: context.request, requestId: context.requestId }
    }
    return {
      query: match.query,
      variables: match.variables,
      operationName: match.operationName ?? this.#anonymousName,
      operationType: match.operationType,
      request: context.request,
      cookies: context.cookies,
      requestId: context.requestId,
    }
  }

  #parsedResultOf(match: unknown, context: RequestContext): GraphQLRequestParsedResult {
    if (match instanceof ParsedMatch) return match.parsedResult as GraphQLRequestParsedResult
    const { query, operationType, operationName, variables } = match as ParsedOperation
    return { match: { matches: true, params: {} }, cookies: context.cookies, query, operationType, operationName, variables }
  }

  /**
   * msw 2: the endpoint match, the cookies and the GraphQL operation of the request.
   *
   * @example
   * (await handler.parse({ request })).operationName // 'GetUser'
   */
  async parse(args: ParseArgs): Promise<GraphQLRequestParsedResult> {
    const context = contextOf(args.request)
    const params = this.#endpoint === undefined ? {} : await this.#endpoint.match(context)
    const found = { match: { matches: params !== undefined, params: params ?? {} }, cookies: context.cookies }
    const state = params === undefined ? null : await graphQLRequestState(context)
    if (state === null || state.kind !== 'operation') return found
    const { query, operationType, operationName, variables } = state
    return { ...found, query, operationType, operationName, variables }
  }

  /**
   * msw 2: whether this handler takes the operation `parse` read.
   *
   * @example
   * await handler.predicate({ request, parsedResult: await handler.parse({ request }) })
   */
  async predicate(args: PredicateArgs<GraphQLRequestParsedResult>): Promise<boolean> {
    const { parsedResult } = args
    const { operationType, operationName } = parsedResult
    if (!parsedResult.match.matches || operationType === undefined) return false
    const operation: ParsedOperation = { kind: 'operation', operationType, operationName, query: parsedResult.query ?? '', variables: parsedResult.variables ?? {} }
    return this.#selects(operation, contextOf(args.request))
  }

  /**
   * msw 2: what the resolver argument has besides `request`, `requestId` and `finalize`.
   *
   * @example
   * protected extendResolverArgs(args) { return { ...super.extendResolverArgs(args), tenant: 'acme' } }
   */
  protected extendResolverArgs(args: { request: Request; parsedResult: GraphQLRequestParsedResult }): Record<string, unknown> {
    const { parsedResult } = args
    return {
      query: parsedResult.query ?? '',
      operationType: parsedResult.operationType,
      operationName: parsedResult.operationName ?? '',
      variables: parsedResult.variables ?? {},
      cookies: parsedResult.cookies,
    }
  }

  /**
   * msw 2: matches and answers `request` with this handler alone; `null` when it does not take it.
   *
   * @example
   * const result = await handler.run({ request, requestId: '1' })
   */
  run(args: RunArgs): Promise<ExecutionResult<GraphQLRequestParsedResult> | null> {
    return runHandler(this, args, (match, context) => this.#parsedResultOf(match, context), (match, context) => this.#answer(match as ParsedOperation, context))
  }

  /**
   * msw 2: whether this handler would take `request`, without answering it.
   *
   * @example
   * await handler.test({ request }) // true
   */
  test(args: ParseArgs): Promise<boolean> {
    return testHandler(this, args)
  }

  /**
   * msw 2: prints a mocked operation and its response (in `setupWorker()` unless `quiet`, as msw).
   *
   * @example
   * class Silent extends GraphQLHandler { log() {} }
   */
  log(args: LogArgs<GraphQLRequestParsedResult>): void | Promise<void> {
    const { operationType, operationName } = args.parsedResult
    return logHandled(this, operationName ? `${operationType} ${operationName}` : `anonymous ${operationType}`, args)
  }

  override restore(): void {
    super.restore()
    this.#runner?.restore()
  }

  /** `resetHandlers()`: stops a generator resolver (its `finally` runs); rejects with what that threw. */
  reset(): Promise<void> {
    return this.#runner?.reset() ?? Promise.resolve()
  }
}
