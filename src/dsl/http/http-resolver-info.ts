import type { RequestContext } from '../../kernel/index.js'
import type { FinalizeFunction } from '../shared/resolver-runner.js'

// Filled by the class's static block, which alone can read its private field.
let REQUEST: PropertyDescriptor
let COOKIES: PropertyDescriptor

/**
 * What a REST resolver receives, as msw gives it: own enumerable `request`,
 * `params`, `cookies` and `requestId` (a spread or `Object.keys` sees all four).
 * `request` and `cookies` are accessors, so that a resolver which reads
 * neither never makes the source build the Request nor parse the Cookie
 * header. They are defined from two shared descriptors: an object literal
 * with getters costs far more per request (closures and a slow literal
 * path).
 *
 * @example
 * new HttpResolverInfo({ id: '1' }, context).params.id // '1'
 */
export class HttpResolverInfo {
  declare readonly request: Request
  readonly params: Record<string, string>
  declare readonly cookies: Record<string, string>
  readonly requestId: string
  /** Set by the resolver runner; declared here so that every info has one shape. */
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
