import { RequestHandler, type HandlerInfo, type HandlerOptions, type IndexKey, type RequestContext } from '../../kernel/index.js'
import { ResolverRunner } from '../shared/resolver-runner.js'
import { httpChannel, httpIndexKey } from './http-channel.js'
import { HttpResolverInfo } from './http-resolver-info.js'
import { checkPredicate, compileHandlerPredicate, type CompiledAsyncPredicate, type HttpPredicate } from './http-predicate.js'

const LABELS: Readonly<Record<string, string>> = {
  '*': 'http.all()',
  GET: 'http.get()',
  POST: 'http.post()',
  PUT: 'http.put()',
  PATCH: 'http.patch()',
  DELETE: 'http.delete()',
  HEAD: 'http.head()',
  OPTIONS: 'http.options()',
}

const RESET: Promise<void> = Promise.resolve()

/** What a REST resolver receives. */
export interface HttpResolverInfoRuntime {
  readonly request: Request
  readonly params: Record<string, string>
  readonly cookies: Record<string, string>
  readonly requestId: string
}

/**
 * A REST request handler: a method, a predicate, and a resolver. Made by
 * `http.get(...)` and friends. The predicate is checked at creation (bad input
 * throws there), in one scan that also gives the index key; its matcher is
 * compiled when a request first reaches it through the index, so creating and
 * registering thousands of handlers stays cheap.
 *
 * @example
 * const handler = http.get('/posts', () => HttpResponse.json([]))
 * handler.info.header // 'GET /posts'
 */
export class HttpHandler extends RequestHandler<Record<string, string>> {
  readonly info: HandlerInfo
  readonly #method: string
  readonly #source: HttpPredicate
  readonly #label: string
  /** The index key's path part, known at creation; the matcher is compiled on first match. */
  readonly #staticPrefix: string
  #predicate: CompiledAsyncPredicate | undefined
  #indexKey: IndexKey | undefined
  readonly #resolver: (info: HttpResolverInfoRuntime) => unknown
  readonly #once: boolean
  /** Made on first answer: a registered handler that never answers costs no runner. */
  #runner: ResolverRunner<HttpResolverInfoRuntime> | undefined

  constructor(method: string, predicate: HttpPredicate, resolver: (info: never) => unknown, options?: HandlerOptions) {
    super(options)
    const label = LABELS[method] ?? `http.${method.toLowerCase()}()`
    this.#method = method
    this.#staticPrefix = checkPredicate(predicate, label)
    this.#source = predicate
    this.#label = label
    // msw's format: `GET /posts`, `/.+/ *` for http.all, `[custom predicate]` for a function.
    const header = `${method === '*' ? '/.+/' : method} ${predicate instanceof RegExp ? String(predicate) : typeof predicate === 'function' ? '[custom predicate]' : predicate}`
    this.info = { kind: 'http', header }
    if (typeof resolver !== 'function') {
      throw new TypeError(`[mocklib] ${label} for "${header}" expects a resolver function as its second argument, but got ${typeof resolver}.`)
    }
    this.#resolver = resolver as (info: HttpResolverInfoRuntime) => unknown
    this.#once = options?.once === true
  }

  get indexKey(): IndexKey {
    return (this.#indexKey ??= { channel: httpChannel, key: httpIndexKey(this.#method, this.#staticPrefix) })
  }

  #run(): ResolverRunner<HttpResolverInfoRuntime> {
    return (this.#runner ??= new ResolverRunner(this.#resolver, this.info.header, { once: this.#once, release: () => this.unclaim() }))
  }

  #compiled(): CompiledAsyncPredicate {
    return (this.#predicate ??= compileHandlerPredicate(this.#source, this.#label, true))
  }

  match(context: RequestContext): Record<string, string> | undefined | Promise<Record<string, string> | undefined> {
    if (this.#method !== '*' && context.method !== this.#method) return undefined
    return this.#compiled().match(context)
  }

  respond(params: Record<string, string>, context: RequestContext): Response | undefined | Promise<Response | undefined> {
    return this.#run().run(new HttpResolverInfo(params, context))
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
