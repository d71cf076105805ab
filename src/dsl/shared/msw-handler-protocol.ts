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

// msw 2's RequestHandler methods on mocklib's handlers. They receive only a Request, so the context dispatch
// made for it is remembered here; the kernel calls them only when a subclass overrides one.

/**
 * What msw passes as `resolutionContext` (mocklib resolves relative paths itself).
 *
 * @example
 * await handler.test({ request, resolutionContext: { baseUrl: 'http://localhost' } })
 */
export interface ResolutionContext {
  readonly baseUrl?: string
  readonly quiet?: boolean
}

/**
 * The arguments of `parse()` and `test()`, as msw 2.
 *
 * @example
 * await handler.test({ request: new Request('http://localhost/posts') })
 */
export interface ParseArgs {
  readonly request: Request
  readonly resolutionContext?: ResolutionContext
}

/**
 * The arguments of `predicate()`, as msw 2.
 *
 * @example
 * override predicate({ request, parsedResult }: PredicateArgs<HttpRequestParsedResult>) { return parsedResult.match.matches }
 */
export interface PredicateArgs<ParsedResult> extends ParseArgs {
  readonly parsedResult: ParsedResult
}

/**
 * The arguments of `run()`, as msw 2.
 *
 * @example
 * const result = await handler.run({ request, requestId: '1' })
 */
export interface RunArgs extends ParseArgs {
  readonly requestId: string
}

/**
 * The arguments of `log()`, as msw 2.
 *
 * @example
 * override log({ request, response }: LogArgs<HttpRequestParsedResult>) { console.log(request.url, response.status) }
 */
export interface LogArgs<ParsedResult> {
  readonly request: Request
  readonly response: Response
  readonly parsedResult: ParsedResult
}

/**
 * What `run()` resolves to when the handler took the request, as msw 2.
 *
 * @example
 * const { response } = (await handler.run({ request, requestId: '1' })) ?? {}
 */
export interface ExecutionResult<ParsedResult> {
  readonly handler: Handler
  readonly parsedResult?: ParsedResult
  readonly request: Request
  readonly requestId: string
  readonly response?: Response
}

/** The msw methods a subclass replaced; `matching`: `parse` or `predicate` (then asked about every request). */
export interface Overrides {
  readonly matching: boolean
  readonly extendResolverArgs: boolean
  readonly run: boolean
}

type MswMethods = Record<'parse' | 'predicate' | 'extendResolverArgs' | 'run', unknown>

const NONE: Overrides = Object.freeze({ matching: false, extendResolverArgs: false, run: false })

/** A subclass that overrides none costs nothing more than the base class. */
export function overridesOf(self: object, baseClass: object): Overrides {
  const instance = self as MswMethods
  const base = baseClass as MswMethods
  const matching = instance.parse !== base.parse || instance.predicate !== base.predicate
  const extendResolverArgs = instance.extendResolverArgs !== base.extendResolverArgs
  const run = instance.run !== base.run
  return matching || extendResolverArgs || run ? { matching, extendResolverArgs, run } : NONE
}

/** A match found through a subclass's `parse`/`predicate`. */
export class ParsedMatch<ParsedResult> {
  constructor(readonly parsedResult: ParsedResult) {}
}

const contexts = new WeakMap<Request, RequestContext>()

/** The context dispatch is matching `request` with, or a new one for `handler.run()`, `handler.test()`. */
export function contextOf(request: Request, requestId?: string): RequestContext {
  let context = contexts.get(request)
  if (context === undefined) {
    context = new RequestContext(detachedExchange(request, requestId), new HandlerScope([]), undefined, request)
    contexts.set(request, context)
  }
  return context
}

function rememberContext(context: RequestContext): Request {
  const { request } = context
  if (!contexts.has(request)) contexts.set(request, context)
  return request
}

function detachedExchange(request: Request, id = createRequestId()): HttpExchange {
  const unused = () => {
    throw new Error(`${PREFIX} A request handed to getResponse(), handler.run() or handler.test() is answered through their return value.`)
  }
  return { kind: 'http', id, request, respondWith: unused, errorWith: unused, passthrough: unused }
}

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

/** What the base `run()` resumes from when dispatch answers through an overridden `run()`. */
const inDispatch = new WeakMap<Request, { readonly handler: Handler; readonly match: unknown; readonly context: RequestContext }>()

/** As msw's lookup: the override's `super.run()` resumes from the match dispatch made (its use claimed). */
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

/** The base `run()`: from an override's `super.run()`, answers the match dispatch made; otherwise as msw's `run()`. */
export async function runHandler<ParsedResult>(
  handler: Handler,
  args: RunArgs,
  parsedResultOf: (match: unknown, context: RequestContext) => ParsedResult,
  respond: (match: unknown, context: RequestContext) => Response | undefined | Promise<Response | undefined>,
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

export async function testHandler(handler: Handler, args: ParseArgs): Promise<boolean> {
  return (await handler.match(contextOf(args.request))) !== undefined
}

/** msw's default `log()`: one collapsed console group per mocked request. */
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
 * Resolves a request against handlers without intercepting anything. `undefined` when no handler answers or
 * one passes through; a resolver that throws gives the client's 500.
 *
 * @example
 * const response = await getResponse([http.get('/ping', () => HttpResponse.text('pong'))], new Request('http://localhost/ping'))
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
