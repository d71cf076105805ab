import { mock } from 'mocklib'
import { toPredicatePath } from './path-template.js'
import type { OpenApiMocks } from './typed-mock-builder.js'
import type { OpenApiMethod } from './typed-paths.js'
import type { HandlerDocument } from './handler-documents.js'
import { resolveTyped, type PlainResolverInfo, type TypedOperation } from './typed-resolver-info.js'
import { answerFactory } from './typed-response.js'
import { checkTemplate } from './typed-paths.js'

/** mocklib's REST builder as this file drives it: every step returns the next builder, every answer the mock. */
interface PlainBuilder {
  query(matcher: unknown): PlainBuilder
  headers(matcher: unknown): PlainBuilder
  cookies(matcher: unknown): PlainBuilder
  body(matcher?: unknown, options?: unknown): PlainBuilder
  reply(...args: unknown[]): unknown
  replyWith(response: unknown): unknown
  networkError(): unknown
  passthrough(): unknown
}

/**
 * mocklib's builder under a path template of the document: every step and
 * answer is the builder's own; only a `reply(resolver)` is handed the typed
 * resolver info (params by the document's names, `query`, `response`).
 */
class ContractMockBuilder {
  readonly #plain: PlainBuilder
  readonly #operation: TypedOperation

  constructor(plain: PlainBuilder, operation: TypedOperation) {
    this.#plain = plain
    this.#operation = operation
  }

  query(matcher: unknown): ContractMockBuilder {
    return new ContractMockBuilder(this.#plain.query(matcher), this.#operation)
  }

  headers(matcher: unknown): ContractMockBuilder {
    return new ContractMockBuilder(this.#plain.headers(matcher), this.#operation)
  }

  cookies(matcher: unknown): ContractMockBuilder {
    return new ContractMockBuilder(this.#plain.cookies(matcher), this.#operation)
  }

  body(...args: [matcher?: unknown, options?: unknown]): ContractMockBuilder {
    return new ContractMockBuilder(this.#plain.body(...args), this.#operation)
  }

  reply(...args: unknown[]): unknown {
    const [first] = args
    if (typeof first !== 'function') return this.#plain.reply(...args)
    const resolver = first as (info: unknown) => unknown
    const response = answerFactory()
    return this.#plain.reply((info: PlainResolverInfo) => resolveTyped(resolver, info, this.#operation, response))
  }

  replyWith(response: unknown): unknown {
    return this.#plain.replyWith(response)
  }

  networkError(): unknown {
    return this.#plain.networkError()
  }

  passthrough(): unknown {
    return this.#plain.passthrough()
  }
}

const METHODS: readonly OpenApiMethod[] = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch']

/**
 * The `mock` builder of `openapi<paths>(baseUrl)`: `mock.<method>` of mocklib
 * started at `baseUrl` + the template in mocklib's grammar. @internal
 *
 * @example
 * contractMocks('https://petstore.example.test/v1').get('/pets/{petId}') // mock.get('https://petstore.example.test/v1/pets/:petId')
 */
export function contractMocks<Paths>(base: string, document: HandlerDocument): OpenApiMocks<Paths> {
  const mocks: Partial<Record<OpenApiMethod, unknown>> = {}
  for (const method of METHODS) {
    mocks[method] = (template: string) => {
      checkTemplate(template, `openapi().mock.${method}()`)
      const { path, renamed } = toPredicatePath(template)
      const start = mock[method] as unknown as (path: string) => PlainBuilder
      return new ContractMockBuilder(start(base + path), { method, template, renamed, document, call: `openapi().mock.${method}('${template}')` })
    }
  }
  return mocks as OpenApiMocks<Paths>
}
