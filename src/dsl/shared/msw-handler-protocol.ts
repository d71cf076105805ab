import {
  createRequestId,
  dispatch,
  exceptionResponse,
  HandlerScope,
  isPassthrough,
  PREFIX,
  RequestContext,
  ResolverError,
  type Handler,
  type HttpExchange,
} from '../../kernel/index.js'

/**
 * msw 2's `RequestHandler` methods (`parse`, `predicate`, `extendResolverArgs`,
 * `run`, `test`, `log`) and `getResponse()` on mocklib's handlers, so that code
 * written for msw works unchanged. The kernel matches with `match`/`respond`;
 * the msw methods receive only a `Request`, so the request context dispatch
 * made for it is remembered here, and the kernel calls an msw method only
 * when a subclass overrides it (the handlers' own paths stay as fast).
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

/** Which msw methods a subclass replaced. */
export interface Overrides {
  /** `parse` or `predicate`: matching goes through them (and the handler is asked about every request). */
  readonly matching: boolean
  readonly extendResolverArgs: boolean
  readonly run: boolean
}

/** The msw methods, as `overridesOf` compares them. */
export interface MswMethods {
  parse: unknown
  predicate: unknown
  extendResolverArgs: unknown
  run: unknown
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

/**
 * A match found through a subclass's `parse`/`predicate`: the kernel's match
 * value then carries msw's parsed result.
 *
 * @example
 * return (await handler.predicate({ request, parsedResult })) ? new ParsedMatch(parsedResult) : undefined
 */
export class ParsedMatch<ParsedResult> {
  constructor(readonly parsedResult: ParsedResult) {}
}

const contexts = new WeakMap<Request, RequestContext>()

/**
 * The request context of `request`: the one dispatch is matching it with, or
 * a new one for a request handed in by a caller (`handler.run()`, `handler.test()`).
 *
 * @example
 * const context = contextOf(args.request)
 */
export function contextOf(request: Request, requestId?: string): RequestContext {
  let context = contexts.get(request)
  if (context === undefined) {
    context = new RequestContext(detachedExchange(request, requestId), new HandlerScope([]), undefined, request)
    contexts.set(request, context)
  }
  return context
}

/**
 * Lets the msw methods of a subclass, which receive only the request, find
 * the context dispatch made for it.
 *
 * @example
 * const request = rememberContext(context)
 */
export function rememberContext(context: RequestContext): Request {
  const { request } = context
  if (!contexts.has(request)) contexts.set(request, context)
  return request
}

/** An exchange no source made: its caller reads the outcome of the dispatch instead. */
function detachedExchange(request: Request, id = createRequestId()): HttpExchange {
  const unused = () => {
    throw new Error(`${PREFIX} A request handed to getResponse(), handler.run() or handler.test() is answered through their return value.`)
  }
  return { kind: 'http', id, request, respondWith: unused, errorWith: unused, passthrough: unused }
}

/**
 * Runs `parse` then `predicate`, as msw does for each request.
 *
 * @example
 * if (this.#overrides.matching) return matchThroughPredicate(this, context)
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

type Respond = (match: unknown, context: RequestContext) => Response | undefined | Promise<Response | undefined>

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
 * run(args) { return runHandler(this, args, (match, context) => this.#parsedResultOf(match, context), (match, context) => this.#answer(match, context)) }
 */
export async function runHandler<ParsedResult>(
  handler: Handler,
  args: RunArgs,
  parsedResultOf: (match: unknown, context: RequestContext) => ParsedResult,
  respond: Respond,
): Promise<ExecutionResult<ParsedResult> | null> {
  // Read before any await: an override's `super.run()` must find the dispatch its caller recorded.
  const resumed = inDispatch.get(args.request)
  const standalone = resumed === undefined || resumed.handler !== handler
  const context = standalone ? contextOf(args.request, args.requestId) : resumed.context
  const match = standalone ? await handler.match(context) : resumed.match
  if (standalone && (match === undefined || !handler.claim())) return null
  let response: Response | undefined
  try {
    response = await respond(match, context)
  } catch (error) {
    // As msw: a thrown Response is the answer.
    if (error instanceof Response) response = error
    else {
      if (standalone) handler.unclaim()
      throw error
    }
  }
  if (standalone && response === undefined) handler.unclaim()
  return { handler, request: args.request, requestId: args.requestId, response, parsedResult: parsedResultOf(match, context) }
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

/**
 * msw's default `log()` of a handler: one collapsed console group per mocked
 * request, with the request, the handler and the response in it.
 *
 * @example
 * log(args) { return logHandled(this, `${args.request.method} ${args.request.url}`, args) }
 */
export async function logHandled(handler: object, what: string, args: { readonly request: Request; readonly response: Response }): Promise<void> {
  const { response } = args
  const time = new Date().toTimeString().slice(0, 8)
  const body = response.body === null ? null : await response.clone().text().catch(() => '[unreadable body]')
  console.groupCollapsed(`${PREFIX} ${time} ${what} (%c${response.status} ${response.statusText}%c)`, `color:${response.status >= 400 ? 'red' : 'inherit'}`, 'color:inherit')
  console.log('Request', args.request)
  console.log('Handler:', handler)
  console.log('Response', { status: response.status, statusText: response.statusText, headers: Object.fromEntries(response.headers), body })
  console.groupEnd()
}

/**
 * Resolves a request against handlers without intercepting anything: useful
 * in a custom server or a test of handlers. Returns `undefined` when no
 * handler answers (or one answers `passthrough()`). A resolver that throws
 * gives the same 500 response a client would get.
 *
 * @example
 * const response = await getResponse([http.get('/ping', () => HttpResponse.text('pong'))], new Request('http://localhost/ping'))
 * // GraphQL requests (also batched ones) resolve the same way:
 * await getResponse([graphql.query('ListPosts', () => HttpResponse.json({ data: { posts: [] } }))], graphqlRequest)
 */
export async function getResponse(handlers: readonly Handler[], request: Request): Promise<Response | undefined> {
  const scope = new HandlerScope(handlers)
  const context = new RequestContext(detachedExchange(request), scope)
  try {
    const outcome = await dispatch(scope.list, context)
    if (outcome.kind !== 'answered' || isPassthrough(outcome.response)) return undefined
    return outcome.response
  } catch (error) {
    if (error instanceof ResolverError) return exceptionResponse(error.thrown)
    throw error
  }
}
