import type { Handler, RequestContext } from '../../kernel/index.js'
import { onFirstUse } from '../../kernel/on-first-use.js'
import { ParsedMatch } from './msw-request-context.js'

export { contextOf, ParsedMatch, rememberContext } from './msw-request-context.js'

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
 * - `run()` outside and inside a dispatch, and `test()`: their code
 *   (msw-handler-run.ts) loads when a first call needs it, since most projects
 *   never call them nor override `parse`/`predicate`/`run`; once loaded, the
 *   calls below reach it directly.
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

const running = onFirstUse(() => import('./msw-handler-run.js'))

/**
 * Runs `parse` then `predicate`, as msw does for each request.
 *
 * @example
 * return matchThroughPredicate(this, context)
 */
export function matchThroughPredicate<ParsedResult>(
  handler: {
    parse(args: ParseArgs): Promise<ParsedResult> | ParsedResult
    predicate(args: PredicateArgs<ParsedResult>): Promise<boolean> | boolean
  },
  context: RequestContext,
): Promise<ParsedMatch<ParsedResult> | undefined> {
  return running.use((module) => module.matchThroughPredicate(handler, context))
}

/**
 * Answers through a subclass's `run()` override, as msw's lookup does (its
 * `super.run()` resumes from the match dispatch already made).
 *
 * @example
 * if (this.#overrides.run) return respondThroughRun(this, match, context)
 */
export function respondThroughRun(
  handler: Handler & { run(args: RunArgs): Promise<ExecutionResult<unknown> | null> },
  match: unknown,
  context: RequestContext,
): Promise<Response | undefined> {
  return running.use((module) => module.respondThroughRun(handler, match, context))
}

/**
 * The base `run()`: answers from the match a dispatch made (inside an
 * override's `super.run()`), or matches, claims a use and answers itself.
 * Resolves to `null` when the handler does not take the request.
 *
 * @example
 * run(args) { return runHandler(this, args, (match, context) => this.#parsedResultOf(match, context), (match, context) => this.#answer(match, context)) }
 */
export function runHandler<ParsedResult>(
  handler: Handler,
  args: RunArgs,
  parsedResultOf: (match: unknown, context: RequestContext) => ParsedResult,
  respond: (match: unknown, context: RequestContext) => Response | undefined | Promise<Response | undefined>,
): Promise<ExecutionResult<ParsedResult> | null> {
  // Synchronous once loaded: an override's `super.run()` must find the dispatch its caller recorded.
  return running.use((module) => module.runHandler(handler, args, parsedResultOf, respond))
}

/**
 * `handler.test({ request })`: whether the handler would take the request,
 * without answering it (as msw 2).
 *
 * @example
 * await handler.test({ request: new Request('https://api.example.com/posts') }) // true
 */
export function testHandler(handler: Handler, args: ParseArgs): Promise<boolean> {
  return running.use((module) => module.testHandler(handler, args))
}
