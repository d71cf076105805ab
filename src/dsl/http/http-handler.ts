import { RequestHandler, type HandlerInfo, type HandlerOptions, type IndexKey, type RequestContext } from '../../kernel/index.js'
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
import { ResolverRunner, type FinalizeFunction, type RunnerInfo } from '../shared/resolver-runner.js'
import { httpChannel, httpIndexKey } from './http-channel.js'
import { checkPredicate, compileHandlerPredicate, type CompiledAsyncPredicate, type HttpPredicate } from './http-predicate.js'

const RESET: Promise<void> = Promise.resolve()

/**
 * An HTTP method as msw's `HttpHandler` takes it: a name (any case), or a RegExp tested against the request's method.
 *
 * @example
 * const readsOnly: HttpHandlerMethod = /^(GET|HEAD)$/
 * new HttpHandler(readsOnly, '/posts', () => HttpResponse.json([]))
 */
export type HttpHandlerMethod = string | RegExp

/**
 * What `info` says of an HTTP handler: msw's `header`, `method` and `path`.
 *
 * @example
 * const { method, path }: HttpHandlerInfo = http.get('/posts/:id', resolver).info // 'GET', '/posts/:id'
 */
export interface HttpHandlerInfo extends HandlerInfo {
  readonly method: HttpHandlerMethod
  readonly path: HttpPredicate
}

/**
 * msw's parsed result of a REST request (`parse()`), given to `predicate()`, `extendResolverArgs()` and `log()`.
 *
 * @example
 * class QuietHandler extends HttpHandler {
 *   log({ parsedResult }: { parsedResult: HttpRequestParsedResult }) {
 *     console.log('matched with', parsedResult.match.params)
 *   }
 * }
 */
export interface HttpRequestParsedResult {
  readonly match: { readonly matches: boolean; readonly params: Record<string, string> }
  readonly cookies: Record<string, string>
}

// The path params, or a `ParsedMatch` when a subclass overrides `parse`/`predicate` (typed as params so that
// the handler's public type stays the same).
type HttpMatch = Record<string, string>

/**
 * A REST request handler, made by `http.get(...)` and friends or as msw's
 * `new HttpHandler(method, path, resolver, options?)`. A bad predicate throws at creation.
 *
 * A subclass may override msw 2's `parse` and `predicate` (matching), `extendResolverArgs` (the resolver
 * argument), `run` (each answer) and `log` (called by `setupWorker()` after a mocked response).
 *
 * @example
 * const handler = http.get('/posts', () => HttpResponse.json([]))
 * handler.info.header // 'GET /posts'
 *
 * class QuietHandler extends HttpHandler {
 *   log() {}
 * }
 * setupServer(new QuietHandler('GET', '/ping', () => HttpResponse.text('pong')))
 */
export class HttpHandler extends RequestHandler<Record<string, string>> {
  readonly info: HttpHandlerInfo
  /** As msw's `RequestHandler` keeps it: a subclass may read or wrap it before the first request. */
  protected resolver: (info: never) => unknown
  /** Upper case, `'*'` for any method; `undefined` when `#methodPattern` decides. */
  readonly #method: string | undefined
  readonly #methodPattern: RegExp | undefined
  readonly #source: HttpPredicate
  readonly #label: string
  readonly #staticPrefix: string
  readonly #overrides: Overrides
  /** Compiled on first match: creating and registering thousands of handlers stays cheap. */
  #predicate: CompiledAsyncPredicate | undefined
  #indexKey: IndexKey | undefined
  readonly #once: boolean
  /** Made on first answer: a registered handler that never answers costs no runner. */
  #runner: ResolverRunner<RunnerInfo> | undefined

  // `info: any`, as msw's: a direct construction cannot know the params, and extendResolverArgs adds fields.
  constructor(method: HttpHandlerMethod, predicate: HttpPredicate, resolver: (info: any) => unknown, options?: HandlerOptions) {
    super(options)
    const name = typeof method === 'string' ? method.toUpperCase() : undefined
    if (name === undefined && !(method instanceof RegExp)) {
      throw new TypeError(`[mocklib] new HttpHandler() expects a method name (such as 'GET') or a RegExp as its first argument, but got ${method === null ? 'null' : typeof method}.`)
    }
    const label = name === undefined ? 'new HttpHandler()' : name === '*' ? 'http.all()' : `http.${name.toLowerCase()}()`
    this.#method = name
    this.#methodPattern = method instanceof RegExp ? new RegExp(method.source, method.flags.replace(/[gy]/g, '')) : undefined
    this.#staticPrefix = checkPredicate(predicate, label)
    this.#source = predicate
    this.#label = label
    // msw's format: `GET /posts`, `/.+/ *` for http.all, `[custom predicate]` for a function.
    const header = `${name === '*' ? '/.+/' : (name ?? String(method))} ${predicate instanceof RegExp ? String(predicate) : typeof predicate === 'function' ? '[custom predicate]' : predicate}`
    this.info = { kind: 'http', header, method: name ?? method, path: predicate }
    if (typeof resolver !== 'function') {
      throw new TypeError(`[mocklib] ${label} for "${header}" expects a resolver function as its second argument, but got ${typeof resolver}.`)
    }
    this.resolver = resolver
    this.#once = options?.once === true
    this.#overrides = overridesOf(this as object, HttpHandler.prototype)
  }

  get indexKey(): IndexKey {
    if (this.#indexKey !== undefined) return this.#indexKey
    // An overridden parse/predicate may take any request: filed where every request looks.
    const everything = this.#overrides.matching
    const key = httpIndexKey(everything || this.#method === undefined ? '*' : this.#method, everything ? '' : this.#staticPrefix)
    return (this.#indexKey = { channel: httpChannel, key })
  }

  #run(): ResolverRunner<RunnerInfo> {
    return (this.#runner ??= new ResolverRunner(this.resolver as (info: RunnerInfo) => unknown, this.info.header, {
      once: this.#once,
      release: () => this.unclaim(),
    }))
  }

  #compiled(): CompiledAsyncPredicate {
    return (this.#predicate ??= compileHandlerPredicate(this.#source, this.#label, true))
  }

  #takesMethod(method: string): boolean {
    if (this.#method === undefined) return this.#methodPattern!.test(method)
    return this.#method === '*' || this.#method === method
  }

  match(context: RequestContext): HttpMatch | undefined | Promise<HttpMatch | undefined> {
    if (this.#overrides.matching) return matchThroughPredicate(this, context) as Promise<HttpMatch | undefined>
    if (!this.#takesMethod(context.method)) return undefined
    return this.#compiled().match(context)
  }

  respond(match: HttpMatch, context: RequestContext): Response | undefined | Promise<Response | undefined> {
    if (this.#overrides.run) return respondThroughRun(this, match, context)
    return this.#answer(match, context)
  }

  #answer(match: HttpMatch, context: RequestContext): Response | undefined | Promise<Response | undefined> {
    if (!(match instanceof ParsedMatch) && !this.#overrides.extendResolverArgs) return this.#run().run(new HttpResolverInfo(match, context))
    const extras = this.extendResolverArgs({ request: context.request, parsedResult: this.#parsedResultOf(match, context) })
    return this.#run().run({ ...extras, request: context.request, requestId: context.requestId })
  }

  #parsedResultOf(match: unknown, context: RequestContext): HttpRequestParsedResult {
    if (match instanceof ParsedMatch) return match.parsedResult as HttpRequestParsedResult
    return { match: { matches: true, params: match as Record<string, string> }, cookies: context.cookies }
  }

  /** msw 2: reads what matching needs from the request (path params, cookies). */
  async parse(args: ParseArgs): Promise<HttpRequestParsedResult> {
    const context = contextOf(args.request)
    const params = await this.#compiled().match(context)
    return { match: { matches: params !== undefined, params: params ?? {} }, cookies: context.cookies }
  }

  /** msw 2: whether this handler takes the request (its method, and the path `parse` matched). */
  predicate(args: PredicateArgs<HttpRequestParsedResult>): boolean | Promise<boolean> {
    return this.#takesMethod(args.request.method.toUpperCase()) && args.parsedResult.match.matches
  }

  /** msw 2: what the resolver argument has besides `request`, `requestId` and `finalize`. */
  protected extendResolverArgs(args: { request: Request; parsedResult: HttpRequestParsedResult }): Record<string, unknown> {
    return { params: args.parsedResult.match.params, cookies: args.parsedResult.cookies }
  }

  /** msw 2: answers `request` with this handler alone, or `null`. An override wraps every answer it gives. */
  run(args: RunArgs): Promise<ExecutionResult<HttpRequestParsedResult> | null> {
    return runHandler(this, args, (match, context) => this.#parsedResultOf(match, context), (match, context) => this.#answer(match as HttpMatch, context))
  }

  /** msw 2: whether this handler would take `request`, without answering it. */
  test(args: ParseArgs): Promise<boolean> {
    return testHandler(this, args)
  }

  /** msw 2: prints a mocked request and its response (called by `setupWorker()` unless `quiet`; never in Node). */
  log(args: LogArgs<HttpRequestParsedResult>): void | Promise<void> {
    return logHandled(this, `${args.request.method} ${args.request.url}`, args)
  }

  override restore(): void {
    super.restore()
    this.#runner?.restore()
  }

  /** `resetHandlers()`: stops a generator resolver (its `finally` runs); rejects with what that threw. */
  reset(): Promise<void> {
    return this.#runner === undefined ? RESET : this.#runner.reset()
  }
}

// Set by the class's static block, which alone can read its private field.
let REQUEST: PropertyDescriptor
let COOKIES: PropertyDescriptor

/**
 * What a REST resolver receives, as msw: own enumerable `request`, `params`, `cookies` and `requestId`.
 * `request` and `cookies` are accessors, so a resolver that reads neither never makes the source build the
 * Request nor parse cookies; two shared descriptors cost far less per request than a literal with getters.
 */
class HttpResolverInfo {
  declare readonly request: Request
  readonly params: Record<string, string>
  declare readonly cookies: Record<string, string>
  readonly requestId: string
  /** Set by the resolver runner; declared so that every info has one shape. */
  finalize: FinalizeFunction | undefined = undefined
  readonly #context: RequestContext

  constructor(params: Record<string, string>, context: RequestContext) {
    this.#context = context
    Object.defineProperty(this, 'request', REQUEST)
    this.params = params
    Object.defineProperty(this, 'cookies', COOKIES)
    this.requestId = context.requestId
  }

  static {
    REQUEST = describe(function (this: HttpResolverInfo) {
      return this.#context.request
    })
    COOKIES = describe(function (this: HttpResolverInfo) {
      return this.#context.cookies
    })
  }
}

function describe(get: () => unknown): PropertyDescriptor {
  return Object.freeze({ get, enumerable: true, configurable: true })
}
