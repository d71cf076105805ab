import type { HttpPredicate } from '../http/http-predicate.js'
import { bodyStep, type BodyMatchOptions } from './body-matcher.js'
import type { MockStep } from './mock-step.js'
import { cookiesStep, headersStep, queryStep, type CookiesMatcher, type HeadersMatcher, type QueryMatcher } from './record-steps.js'
import { networkErrorAnswer, passthroughAnswer, resolverAnswer, responseAnswer, statusAnswer, type RestAnswer } from './rest-answer.js'
import { compileMockPredicate, restHeader, RestMock, type RestMockConfig } from './rest-mock.js'
import { message } from '../../kernel/index.js'

/**
 * The runtime side of `RestMockBuilder` (its types live in
 * `rest-builder-types.ts`). Immutable: each step returns a new builder.
 * @internal
 */
export class RestMockBuilderImpl {
  readonly #config: RestMockConfig
  readonly #hasBody: boolean

  constructor(config: RestMockConfig, hasBody = false) {
    this.#config = config
    this.#hasBody = hasBody
  }

  static start(method: string, predicate: HttpPredicate): RestMockBuilderImpl {
    return new RestMockBuilderImpl({ method, predicate, compiled: compileMockPredicate(method, predicate), steps: [] })
  }

  get #header(): string {
    return restHeader(this.#config.method, this.#config.predicate)
  }

  #with(step: MockStep, hasBody = this.#hasBody): RestMockBuilderImpl {
    return new RestMockBuilderImpl({ ...this.#config, steps: [...this.#config.steps, step] }, hasBody)
  }

  query(matcher: QueryMatcher): RestMockBuilderImpl {
    return this.#with(queryStep(matcher))
  }

  headers(matcher: HeadersMatcher): RestMockBuilderImpl {
    return this.#with(headersStep(matcher))
  }

  cookies(matcher: CookiesMatcher): RestMockBuilderImpl {
    return this.#with(cookiesStep(matcher))
  }

  body(matcher?: unknown, options?: BodyMatchOptions): RestMockBuilderImpl {
    if (this.#hasBody) {
      throw new Error(message(`.body() was called twice on mock "${this.#header}".`, 'Declare the body type and its matcher in one call: .body<Type>(matcher).'))
    }
    if (matcher === undefined) return new RestMockBuilderImpl(this.#config, true)
    return this.#with(bodyStep(matcher, options), true)
  }

  reply(statusOrResolver: unknown, body?: unknown, init?: ResponseInit): RestMock {
    const header = this.#header
    if (typeof statusOrResolver === 'function') return this.#build(resolverAnswer(statusOrResolver, header))
    return this.#build(statusAnswer(statusOrResolver, body, init, header))
  }

  replyWith(response: unknown): RestMock {
    return this.#build(responseAnswer(response, this.#header))
  }

  networkError(): RestMock {
    return this.#build(networkErrorAnswer)
  }

  passthrough(): RestMock {
    return this.#build(passthroughAnswer)
  }

  #build(answer: RestAnswer): RestMock {
    return new RestMock(this.#config, answer)
  }
}
