import type { RequestContext } from '../../kernel/index.js'
import { contextOf, ParsedMatch, runHandler, type ExecutionResult, type ParseArgs, type PredicateArgs, type RunArgs } from '../shared/msw-handler-protocol.js'
import type { ResolverRunner } from '../shared/resolver-runner.js'
import { negotiateContentType } from './content-negotiation.js'
import type { GraphQLHandler, GraphQLHandlerPlan, GraphQLRequestParsedResult, GraphQLResolverInfoRuntime } from './graphql-handler.js'
import type { GraphQLRequestState, ParsedOperation } from './graphql-operation.js'

// What a GraphQL handler runs for a request: matching an operation, answering it (resolver info, content
// negotiation) and msw 2's parse/predicate/run. Part of the code a GraphQL request runs, loaded as one chunk
// by the first request that may be GraphQL (graphql-request-reading.ts, behind graphql-request-state.ts), so
// an import of mocklib, and creating handlers, do not compile it. The request's GraphQL view comes from the
// caller: this module may not import the gate it is loaded through.

/** The member of a handler that is protected to subclasses, which its own request-time code calls. */
interface HandlerInternals {
  extendResolverArgs(args: { request: Request; parsedResult: GraphQLRequestParsedResult }): Record<string, unknown>
}

type Runner = ResolverRunner<GraphQLResolverInfoRuntime>

/**
 * The operation of the request (its GraphQL view `state`) when the handler
 * takes it: type, name selector, endpoint.
 *
 * @example
 * const operation = matchOperation(plan, settledRequestState(context), context)
 */
export function matchOperation(plan: GraphQLHandlerPlan, state: GraphQLRequestState, context: RequestContext): ParsedOperation | undefined | Promise<ParsedOperation | undefined> {
  if (state === null || state.kind !== 'operation') return undefined
  if (plan.operationType !== 'any' && state.operationType !== plan.operationType) return undefined
  const selected = plan.selector.matches(state.operationName, state, context)
  if (selected instanceof Promise) return selected.then((yes) => (yes ? onEndpoint(plan, state, context) : undefined))
  return selected ? onEndpoint(plan, state, context) : undefined
}

function onEndpoint(plan: GraphQLHandlerPlan, state: ParsedOperation, context: RequestContext): ParsedOperation | undefined | Promise<ParsedOperation | undefined> {
  if (plan.endpoint === undefined) return state
  const params = plan.endpoint.match(context)
  if (params instanceof Promise) return params.then((found) => (found === undefined ? undefined : state))
  return params === undefined ? undefined : state
}

/**
 * Runs the handler's resolver (through its `runner`) for the operation
 * `match` took, and negotiates the content type of what it answered.
 *
 * @example
 * return answer(handler, plan, runner, operation, context)
 */
export function answer(handler: GraphQLHandler, plan: GraphQLHandlerPlan, runner: Runner, match: ParsedOperation, context: RequestContext): Response | undefined | Promise<Response | undefined> {
  const result = runner.run(resolverInfo(handler as unknown as HandlerInternals, plan, match, context))
  if (result instanceof Promise) return result.then((response) => (response === undefined ? undefined : negotiateContentType(context.request, response)))
  return result === undefined ? undefined : negotiateContentType(context.request, result)
}

function resolverInfo(handler: HandlerInternals, plan: GraphQLHandlerPlan, match: ParsedOperation, context: RequestContext): GraphQLResolverInfoRuntime {
  if (match instanceof ParsedMatch || plan.overrides.extendResolverArgs) {
    const extras = handler.extendResolverArgs({ request: context.request, parsedResult: parsedResultOf(match, context) })
    return { ...(extras as unknown as GraphQLResolverInfoRuntime), request: context.request, requestId: context.requestId }
  }
  return {
    query: match.query,
    variables: match.variables,
    // msw's constructor gives an anonymous operation the name '' (its extendResolverArgs does).
    operationName: plan.anonymousName === undefined ? match.operationName : (match.operationName ?? plan.anonymousName),
    operationType: match.operationType,
    request: context.request,
    cookies: context.cookies,
    requestId: context.requestId,
  }
}

function parsedResultOf(match: unknown, context: RequestContext): GraphQLRequestParsedResult {
  if (match instanceof ParsedMatch) return match.parsedResult as GraphQLRequestParsedResult
  const operation = match as ParsedOperation
  return {
    match: { matches: true, params: {} },
    cookies: context.cookies,
    query: operation.query,
    operationType: operation.operationType,
    operationName: operation.operationName,
    variables: operation.variables,
  }
}

/**
 * msw 2's `parse()` of a GraphQL handler: the endpoint match, the cookies and
 * the GraphQL operation of the request (read by `stateOf`).
 *
 * @example
 * (await parse(plan, { request }, graphQLRequestState)).operationName // 'GetUser'
 */
export async function parse(
  plan: GraphQLHandlerPlan,
  args: ParseArgs,
  stateOf: (context: RequestContext) => Promise<GraphQLRequestState>,
): Promise<GraphQLRequestParsedResult> {
  const context = contextOf(args.request)
  const params = plan.endpoint === undefined ? {} : await plan.endpoint.match(context)
  const match = { matches: params !== undefined, params: params ?? {} }
  if (params === undefined) return { match, cookies: context.cookies }
  const state = await stateOf(context)
  if (state === null || state.kind !== 'operation') return { match, cookies: context.cookies }
  const { query, operationType, operationName, variables } = state
  return { match, cookies: context.cookies, query, operationType, operationName, variables }
}

/**
 * msw 2's `predicate()` of a GraphQL handler: whether it takes the operation
 * `parse` read (type, name selector, endpoint).
 *
 * @example
 * await predicate(plan, { request, parsedResult })
 */
export function predicate(plan: GraphQLHandlerPlan, args: PredicateArgs<GraphQLRequestParsedResult>): boolean | Promise<boolean> {
  const { parsedResult } = args
  if (!parsedResult.match.matches || parsedResult.operationType === undefined) return false
  if (plan.operationType !== 'any' && parsedResult.operationType !== plan.operationType) return false
  const operation: ParsedOperation = {
    kind: 'operation',
    operationType: parsedResult.operationType,
    operationName: parsedResult.operationName,
    query: parsedResult.query ?? '',
    variables: parsedResult.variables ?? {},
  }
  return plan.selector.matches(parsedResult.operationName, operation, contextOf(args.request))
}

/**
 * msw 2's base `run()` of a GraphQL handler (`runner` gives its resolver
 * runner, made by the first answer).
 *
 * @example
 * const result = await run(handler, plan, () => runner, { request, requestId: '1' })
 */
export function run(handler: GraphQLHandler, plan: GraphQLHandlerPlan, runner: () => Runner, args: RunArgs): Promise<ExecutionResult<GraphQLRequestParsedResult> | null> {
  return runHandler(handler, args, parsedResultOf, (match, context) => answer(handler, plan, runner(), match as ParsedOperation, context))
}
