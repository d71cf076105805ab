import type { HandlerInfo, IndexKey, RequestContext } from '../../kernel/index.js'
import { httpChannel, httpIndexKey } from '../http/http-channel.js'
import { compilePredicate, type CompiledPredicate, type HttpPredicate } from '../http/http-predicate.js'
import { formatValue } from './format-value.js'
import type { MockCall } from './mock-call.js'
import { MockHandler } from './mock-handler.js'
import type { MockStep } from './mock-step.js'
import { installMisuseGuards, type AlreadyAnswered, type StepAfterAnswer } from './misuse-guards.js'
import type { RequestBody } from './request-body.js'
import type { RestAnswer } from './rest-answer.js'

/** What a REST mock is made of; built by `RestMockBuilder`. @internal */
export interface RestMockConfig {
  /** Upper-case method, or `'*'` for `mock.all`. */
  readonly method: string
  readonly predicate: HttpPredicate
  readonly compiled: CompiledPredicate
  /** The user's steps (query, headers, cookies, body), in call order. */
  readonly steps: readonly MockStep[]
}

/** The header of a REST mock: `GET /posts/:id`, `ALL *`. @internal */
export function restHeader(method: string, predicate: HttpPredicate): string {
  const target = typeof predicate === 'string' ? predicate : predicate instanceof RegExp ? String(predicate) : formatValue(predicate)
  return `${method === '*' ? 'ALL' : method} ${target}`
}

/** Compiles a REST predicate for a mock; throws like `http.*` does. @internal */
export function compileMockPredicate(method: string, predicate: HttpPredicate): CompiledPredicate {
  return compilePredicate(predicate, `mock.${method === '*' ? 'all' : method.toLowerCase()}()`)
}

/**
 * A REST mock: an `http.*`-style handler built by `mock.get(...)…reply(...)`.
 * Steps are checked in the order path, method, then the builder's steps;
 * `calls` keeps the params and parsed body of each answered request.
 *
 * @example
 * const created = mock.post('https://api.test/posts').body({ title: 'Hello' }).reply(201, { id: '1' })
 * server.use(created)
 * // …
 * created.calls[0]?.body // { title: 'Hello' }
 */
export class RestMock<Params = Record<string, string>, RequestBodyType = unknown, ResponseBody = any> extends MockHandler<MockCall<Params, RequestBodyType>> {
  readonly info: HandlerInfo
  readonly indexKey: IndexKey
  protected readonly steps: readonly MockStep[]
  readonly #compiled: CompiledPredicate
  readonly #answer: RestAnswer
  readonly #target: string
  /** Type-only: the declared response body. */
  declare readonly responseBody?: ResponseBody

  /** Not callable: the mock already has an answer. */
  declare readonly reply: AlreadyAnswered
  /** Not callable: the mock already has an answer. */
  declare readonly replyWith: AlreadyAnswered
  /** Not callable: the mock already has an answer. */
  declare readonly networkError: AlreadyAnswered
  /** Not callable: the mock already has an answer. */
  declare readonly passthrough: AlreadyAnswered
  /** Not callable: steps come before the answer. */
  declare readonly query: StepAfterAnswer
  /** Not callable: steps come before the answer. */
  declare readonly headers: StepAfterAnswer
  /** Not callable: steps come before the answer. */
  declare readonly cookies: StepAfterAnswer
  /** Not callable: steps come before the answer. */
  declare readonly body: StepAfterAnswer

  /** @internal Use `mock.get(...)…reply(...)`. */
  constructor(config: RestMockConfig, answer: RestAnswer) {
    super()
    const { method, predicate, compiled } = config
    const header = restHeader(method, predicate)
    this.info = { kind: 'mock', header }
    this.indexKey = { channel: httpChannel, key: httpIndexKey(method, compiled.staticPrefix) }
    this.#compiled = compiled
    this.#answer = answer
    const methodStep: MockStep = {
      name: 'method',
      description: '',
      check: (context) => (method === '*' || context.method === method ? undefined : `is ${context.method}, expected ${method}`),
    }
    const pathStep: MockStep = {
      name: 'path',
      description: '',
      check: (context) => (this.#params(context) === undefined ? `${context.url.href} does not match ${header.slice(header.indexOf(' ') + 1)}` : undefined),
    }
    // Path before method: for diagnostics, "same URL, other method" is nearer than "same method, other URL".
    this.steps = [pathStep, methodStep, ...config.steps]
    this.#target = header.slice(header.indexOf(' ') + 1)
    this.noteFrom = 2
  }

  #params(context: RequestContext): Record<string, string> | undefined {
    return context.memo(this.#compiled, (inner) => this.#compiled.match(inner))
  }

  /** Ties between requests rejected at the same step go to the URL sharing the longest prefix with the pattern. */
  override similarity(context: RequestContext): number {
    const url = context.request.url
    const limit = Math.min(url.length, this.#target.length)
    let shared = 0
    while (shared < limit && url.charCodeAt(shared) === this.#target.charCodeAt(shared)) shared++
    return shared
  }

  protected answer(context: RequestContext): Response | undefined | Promise<Response | undefined> {
    const params = this.#params(context) ?? {}
    return this.#answer.run({ request: context.request, params, cookies: context.cookies, requestId: context.requestId })
  }

  protected toCall(context: RequestContext, body: RequestBody, status: number | undefined): MockCall<Params, RequestBodyType> {
    return {
      request: context.request,
      requestId: context.requestId,
      params: (this.#params(context) ?? {}) as Params,
      body: body.parsed as RequestBodyType,
      time: Date.now(),
      status,
    }
  }

  override restore(): void {
    super.restore()
    this.#answer.reset?.()
  }
}

installMisuseGuards(RestMock.prototype, ['reply', 'replyWith', 'networkError', 'passthrough', 'query', 'headers', 'cookies', 'body'])
