import { RequestHandler, type HandlerInfo, type HandlerOptions, type IndexKey, type RequestContext } from '../../kernel/index.js'
import { ResolverRunner } from '../shared/resolver-runner.js'
import { httpChannel, httpIndexKey } from './http-channel.js'
import { checkPredicate, compileHandlerPredicate, type CompiledAsyncPredicate, type HttpPredicate } from './http-predicate.js'

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
 * throws there) but compiled on first use of `indexKey`, which registration
 * (`setupServer`, `use`, `resetHandlers`) touches: creating a handler stays
 * cheap and no request pays for compiling.
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
  #predicate: CompiledAsyncPredicate | undefined
  #indexKey: IndexKey | undefined
  readonly #runner: ResolverRunner<HttpResolverInfoRuntime>

  constructor(method: string, predicate: HttpPredicate, resolver: (info: never) => unknown, options?: HandlerOptions) {
    super(options)
    const label = `http.${method === '*' ? 'all' : method.toLowerCase()}()`
    this.#method = method
    checkPredicate(predicate, label)
    this.#source = predicate
    this.#label = label
    // msw's format: `GET /posts`, `/.+/ *` for http.all, `[custom predicate]` for a function.
    const header = `${method === '*' ? '/.+/' : method} ${predicate instanceof RegExp ? String(predicate) : typeof predicate === 'function' ? '[custom predicate]' : predicate}`
    this.info = { kind: 'http', header }
    if (typeof resolver !== 'function') {
      throw new TypeError(`[mocklib] ${label} for "${header}" expects a resolver function as its second argument, but got ${typeof resolver}.`)
    }
    this.#runner = new ResolverRunner(resolver as (info: HttpResolverInfoRuntime) => unknown, header, { once: options?.once === true, release: () => this.unclaim() })
  }

  get indexKey(): IndexKey {
    return (this.#indexKey ??= { channel: httpChannel, key: httpIndexKey(this.#method, this.#compiled().staticPrefix) })
  }

  #compiled(): CompiledAsyncPredicate {
    return (this.#predicate ??= compileHandlerPredicate(this.#source, this.#label, true))
  }

  match(context: RequestContext): Record<string, string> | undefined | Promise<Record<string, string> | undefined> {
    if (this.#method !== '*' && context.method !== this.#method) return undefined
    return this.#compiled().match(context)
  }

  respond(params: Record<string, string>, context: RequestContext): Response | undefined | Promise<Response | undefined> {
    return this.#runner.run({ request: context.request, params, cookies: context.cookies, requestId: context.requestId })
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
