import { RequestHandler, type HandlerInfo, type HandlerOptions, type IndexKey, type RequestContext } from '../../kernel/index.js'
import { ResolverRunner } from '../shared/resolver-runner.js'
import { httpChannel, httpIndexKey } from './http-channel.js'
import { compilePredicate, type CompiledPredicate, type HttpPredicate } from './http-predicate.js'

/** What a REST resolver receives. */
export interface HttpResolverInfoRuntime {
  readonly request: Request
  readonly params: Record<string, string>
  readonly cookies: Record<string, string>
  readonly requestId: string
}

/**
 * A REST request handler: a method, a predicate compiled at creation, and a
 * resolver. Made by `http.get(...)` and friends.
 *
 * @example
 * const handler = http.get('/posts', () => HttpResponse.json([]))
 * handler.info.header // 'GET /posts'
 */
export class HttpHandler extends RequestHandler {
  readonly info: HandlerInfo
  readonly indexKey: IndexKey
  readonly #method: string
  readonly #predicate: CompiledPredicate
  readonly #runner: ResolverRunner<HttpResolverInfoRuntime>

  constructor(method: string, predicate: HttpPredicate, resolver: (info: never) => unknown, options?: HandlerOptions) {
    super(options)
    const label = `http.${method === '*' ? 'all' : method.toLowerCase()}()`
    this.#method = method
    this.#predicate = compilePredicate(predicate, label)
    const header = `${method === '*' ? 'ALL' : method} ${predicate instanceof RegExp ? String(predicate) : typeof predicate === 'function' ? '<predicate function>' : predicate}`
    this.info = { kind: 'http', header }
    this.indexKey = { channel: httpChannel, key: httpIndexKey(method, this.#predicate.staticPrefix) }
    if (typeof resolver !== 'function') {
      throw new TypeError(`[mocklib] ${label} for "${header}" expects a resolver function as its second argument, but got ${typeof resolver}.`)
    }
    this.#runner = new ResolverRunner(resolver as (info: HttpResolverInfoRuntime) => unknown, header)
  }

  handle(context: RequestContext): Response | undefined | Promise<Response | undefined> {
    if (this.#method !== '*' && context.method !== this.#method) return undefined
    const params = this.#predicate.match(context)
    if (params === undefined) return undefined
    return this.#runner.run({ request: context.request, params, cookies: context.cookies, requestId: context.requestId })
  }

  override restore(): void {
    super.restore()
    this.#runner.reset()
  }
}
