import type { Handler, RequestContext } from '../../kernel/index.js'
import type { ExecutionResult, ParseArgs, PredicateArgs, RunArgs } from './msw-handler-protocol.js'
import { contextOf, ParsedMatch, rememberContext } from './msw-request-context.js'

// msw 2's `run()`, `test()` and `parse`/`predicate` matching on mocklib's handlers:
// loaded by msw-handler-protocol.ts with the first call that needs one of them.

/**
 * Runs `parse` then `predicate`, as msw does for each request.
 *
 * @example
 * return matchThroughPredicate(this, context)
 */
export async function matchThroughPredicate<ParsedResult>(
  handler: {
    parse(args: ParseArgs): Promise<ParsedResult> | ParsedResult
    predicate(args: PredicateArgs<ParsedResult>): Promise<boolean> | boolean
  },
  context: RequestContext,
): Promise<ParsedMatch<ParsedResult> | undefined> {
  const request = rememberContext(context)
  const parsedResult = await handler.parse({ request })
  return (await handler.predicate({ request, parsedResult })) ? new ParsedMatch(parsedResult) : undefined
}

/** A request dispatch is answering through an overridden `run()`: what the base `run()` resumes from. */
interface InDispatch {
  readonly handler: Handler
  readonly match: unknown
  readonly context: RequestContext
}

const inDispatch = new WeakMap<Request, InDispatch>()

/**
 * Answers through a subclass's `run()` override, as msw's lookup does: its
 * `super.run()` then resumes from the match dispatch already made (the use
 * is already claimed, `parse`/`predicate` already ran).
 *
 * @example
 * if (this.#overrides.run) return respondThroughRun(this, match, context)
 */
export async function respondThroughRun(
  handler: Handler & { run(args: RunArgs): Promise<ExecutionResult<unknown> | null> },
  match: unknown,
  context: RequestContext,
): Promise<Response | undefined> {
  const request = rememberContext(context)
  inDispatch.set(request, { handler, match, context })
  try {
    const result = await handler.run({ request, requestId: context.requestId })
    return result?.response ?? undefined
  } finally {
    inDispatch.delete(request)
  }
}

/**
 * The base `run()`: inside a dispatch (called by an override's `super.run()`),
 * answers from the match dispatch made; otherwise matches the request itself,
 * claims a use and answers, as msw's `run()` does for a test of a handler.
 * Resolves to `null` when the handler does not take the request (or is used up).
 *
 * @example
 * run(args) { return runHandler(this, args, (match) => this.#parsedResultOf(match, context)) }
 */
export async function runHandler<ParsedResult>(
  handler: Handler,
  args: RunArgs,
  parsedResultOf: (match: unknown, context: RequestContext) => ParsedResult,
  respond: (match: unknown, context: RequestContext) => Response | undefined | Promise<Response | undefined>,
): Promise<ExecutionResult<ParsedResult> | null> {
  const resumed = inDispatch.get(args.request)
  if (resumed !== undefined && resumed.handler === handler) {
    const response = await answer(respond, resumed.match, resumed.context)
    return { handler, request: args.request, requestId: args.requestId, response, parsedResult: parsedResultOf(resumed.match, resumed.context) }
  }
  const context = contextOf(args.request, args.requestId)
  const match = await handler.match(context)
  if (match === undefined || !handler.claim()) return null
  let response: Response | undefined
  try {
    response = await answer(respond, match, context)
  } catch (error) {
    handler.unclaim()
    throw error
  }
  if (response === undefined) handler.unclaim()
  return { handler, request: args.request, requestId: args.requestId, response, parsedResult: parsedResultOf(match, context) }
}

async function answer(
  respond: (match: unknown, context: RequestContext) => Response | undefined | Promise<Response | undefined>,
  match: unknown,
  context: RequestContext,
): Promise<Response | undefined> {
  try {
    return await respond(match, context)
  } catch (error) {
    // As msw: a thrown Response is the answer.
    if (error instanceof Response) return error
    throw error
  }
}

/**
 * `handler.test({ request })`: whether the handler would take the request,
 * without answering it (as msw 2).
 *
 * @example
 * await handler.test({ request: new Request('https://api.example.com/posts') }) // true
 */
export async function testHandler(handler: Handler, args: ParseArgs): Promise<boolean> {
  return (await handler.match(contextOf(args.request))) !== undefined
}
