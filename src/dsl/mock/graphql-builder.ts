import { message } from '../../kernel/index.js'
import type { GraphQLResolverInfoRuntime } from '../graphql/graphql-handler.js'
import { compileSelector } from '../graphql/operation-selector.js'
import { HttpResponse } from '../response/http-response.js'
import { passthrough } from '../response/passthrough.js'
import { reportResetError, ResolverRunner } from '../shared/resolver-runner.js'
import { GraphQLMock, type GraphQLAnswer, type GraphQLMockConfig } from './graphql-mock.js'
import { variablesStep } from './graphql-steps.js'
import type { MockStep } from './mock-step.js'
import { cookiesStep, headersStep, type CookiesMatcher, type HeadersMatcher } from './record-steps.js'
import { responseAnswer } from './rest-answer.js'

/**
 * The runtime side of `GraphQLMockBuilder` (types in `graphql-builder-types.ts`).
 * Immutable: each step returns a new builder.
 * @internal
 */
export class GraphQLMockBuilderImpl {
  readonly #config: GraphQLMockConfig

  constructor(config: GraphQLMockConfig) {
    this.#config = config
  }

  static start(operationType: 'query' | 'mutation', selector: unknown): GraphQLMockBuilderImpl {
    return new GraphQLMockBuilderImpl({ operationType, selector: compileSelector(operationType, selector, `mock.${operationType}()`), steps: [] })
  }

  #with(step: MockStep): GraphQLMockBuilderImpl {
    return new GraphQLMockBuilderImpl({ ...this.#config, steps: [...this.#config.steps, step] })
  }

  variables(matcher: unknown): GraphQLMockBuilderImpl {
    if (typeof matcher !== 'function' && (typeof matcher !== 'object' || matcher === null || Array.isArray(matcher))) {
      throw new TypeError(message(`.variables() of mock "${this.#config.selector.label}" got ${matcher === null ? 'null' : Array.isArray(matcher) ? 'an array' : typeof matcher}.`, 'Pass an object of expected variables or a predicate function.'))
    }
    return this.#with(variablesStep(matcher))
  }

  headers(matcher: HeadersMatcher): GraphQLMockBuilderImpl {
    return this.#with(headersStep(matcher))
  }

  cookies(matcher: CookiesMatcher): GraphQLMockBuilderImpl {
    return this.#with(cookiesStep(matcher))
  }

  reply(bodyOrResolver: unknown): GraphQLMock {
    const header = this.#config.selector.label
    if (typeof bodyOrResolver === 'function') {
      const runner = new ResolverRunner(bodyOrResolver as (info: GraphQLResolverInfoRuntime) => unknown, header)
      return this.#build({ run: (info) => runner.run(info), reset: () => void runner.reset().catch(reportResetError) })
    }
    if (typeof bodyOrResolver !== 'object' || bodyOrResolver === null || !('data' in bodyOrResolver || 'errors' in bodyOrResolver)) {
      throw new TypeError(
        message(`.reply() of mock "${header}" expects a GraphQL response body { data, errors?, extensions? } or a resolver function.`, 'For example: .reply({ data: { posts: [] } }).'),
      )
    }
    const json = JSON.stringify(bodyOrResolver)
    return this.#build({ run: () => new HttpResponse(json, { status: 200, headers: { 'content-type': 'application/json' } }) })
  }

  replyWith(response: unknown): GraphQLMock {
    const answer = responseAnswer(response, this.#config.selector.label)
    return this.#build({ run: () => answer.run(undefined as never) })
  }

  networkError(): GraphQLMock {
    return this.#build({ run: () => Response.error() })
  }

  passthrough(): GraphQLMock {
    return this.#build({ run: () => passthrough() })
  }

  #build(answer: GraphQLAnswer): GraphQLMock {
    return new GraphQLMock(this.#config, answer)
  }
}
