import { createRequestId, HandlerScope, RequestContext, type Handler, type HttpExchange } from '../../kernel/index.js'

/**
 * msw 2's `RequestHandler` methods (`parse`, `predicate`, `extendResolverArgs`,
 * `run`, `test`, `log`) on mocklib's handlers, so that a subclass written for
 * msw works unchanged. mocklib's kernel matches with `match`/`respond`; this
 * module is the bridge between the two shapes:
 *
 * - the request context of a `Request`, for the msw methods that only receive
 *   the request (the one dispatch is matching, or one made for a request a
 *   test hands to `handler.run()`/`handler.test()`);
 * - which of the msw methods a subclass overrides, so that the kernel calls
 *   them only then (the handlers' own paths stay as fast as before);
 * - `run()` outside and inside a dispatch.
 */

/** What msw passes as `resolutionContext` (read for the record; mocklib resolves relative paths itself). */
export interface ResolutionContext {
  readonly baseUrl?: string
  readonly quiet?: boolean
}

/** The arguments of `parse()` and `test()`, as msw 2. */
export interface ParseArgs {
  readonly request: Request
  readonly resolutionContext?: ResolutionContext
}

/** The arguments of `predicate()`, as msw 2. */
export interface PredicateArgs<ParsedResult> extends ParseArgs {
  readonly parsedResult: ParsedResult
}

/** The arguments of `run()`, as msw 2. */
export interface RunArgs extends ParseArgs {
  readonly requestId: string
}

/** The arguments of `log()`, as msw 2. */
export interface LogArgs<ParsedResult> {
  readonly request: Request
  readonly response: Response
  readonly parsedResult: ParsedResult
}

/** What `run()` resolves to when the handler took the request, as msw 2. */
export interface ExecutionResult<ParsedResult> {
  readonly handler: Handler
  readonly parsedResult?: ParsedResult
  readonly request: Request
  readonly requestId: string
  readonly response?: Response
}

const contexts = new WeakMap<Request, RequestContext>()

/**
 * The request context of `request`: the one dispatch is matching it with, or
 * a new one for a request handed in by a caller (as `getResponse` makes).
 *
 * @example
 * const context = contextOf(args.request)
 */
export function contextOf(request: Request, requestId?: string): RequestContext {
  let context = contexts.get(request)
  if (context === undefined) {
    context = new RequestContext(detachedExchange(request, requestId ?? createRequestId()), new HandlerScope([]), undefined, request)
    contexts.set(request, context)
  }
  return context
}

/**
 * Lets the msw methods of a subclass, which receive only the request, find
 * the context dispatch made for it.
 *
 * @example
 * rememberContext(context)
 */
export function rememberContext(context: RequestContext): Request {
  const { request } = context
  if (!contexts.has(request)) contexts.set(request, context)
  return request
}

function detachedExchange(request: Request, id: string): HttpExchange {
  const unused = () => {
    throw new Error('[mocklib] A request handed to handler.run() or handler.test() is answered through their return value.')
  }
  return { kind: 'http', id, request, respondWith: unused, errorWith: unused, passthrough: unused }
}

/** Which msw methods a subclass replaced. */
export interface Overrides {
  /** `parse` or `predicate`: matching goes through them (and the handler is asked about every request). */
  readonly matching: boolean
  readonly extendResolverArgs: boolean
  readonly run: boolean
}

const NONE: Overrides = Object.freeze({ matching: false, extendResolverArgs: false, run: false })

/**
 * Compares an instance's msw methods with its base class's: a subclass that
 * overrides none costs nothing more than the base class.
 *
 * @example
 * this.#overrides = overridesOf(this, HttpHandler.prototype)
 */
export function overridesOf(self: object, baseClass: object): Overrides {
  const instance = self as MswMethods
  const base = baseClass as MswMethods
  const matching = instance.parse !== base.parse || instance.predicate !== base.predicate
  const extendResolverArgs = instance.extendResolverArgs !== base.extendResolverArgs
  const run = instance.run !== base.run
  return matching || extendResolverArgs || run ? { matching, extendResolverArgs, run } : NONE
}

/** The msw methods, as `overridesOf` compares them. */
export interface MswMethods {
  parse: unknown
  predicate: unknown
  extendResolverArgs: unknown
  run: unknown
}

/**
 * A match found through a subclass's `parse`/`predicate`: the kernel's match
 * value then carries msw's parsed result.
 */
export class ParsedMatch<ParsedResult> {
  constructor(readonly parsedResult: ParsedResult) {}
}

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
