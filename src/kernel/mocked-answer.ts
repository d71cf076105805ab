import type { CheckedAnswer } from './answer-check.js'
import { knownBodyOf } from './known-body.js'
import type { RequestContext } from './request-context.js'

/**
 * A mocked answer as the answer checks see it (`CheckedAnswer`), where
 * everything dear is made on first read only: the copy of the response
 * (a check that reads the status, the headers and a known body text needs
 * none), and the request of a plain `fetch(url)` (which the unchecked path
 * never builds). Closed once the checks are done: the response then goes to
 * the client, and a copy can no longer be made of it.
 * @internal
 *
 * @example
 * const answer = new MockedAnswer(id, context, sentCopy, response, scope)
 * const failure = await runAnswerChecks(checks, answer)
 * answer.close()
 */
export class MockedAnswer implements CheckedAnswer {
  readonly #context: RequestContext
  /** A copy of the request taken before the resolver ran (it has a body); `undefined`: the request has none, and is shared. */
  readonly #sentCopy: Request | undefined
  readonly #original: Response
  #responseCopy: Response | undefined
  #open = true

  constructor(
    readonly id: string,
    context: RequestContext,
    sentCopy: Request | undefined,
    original: Response,
    readonly scope: object,
  ) {
    this.#context = context
    this.#sentCopy = sentCopy
    this.#original = original
  }

  get method(): string {
    return this.#context.method
  }

  get url(): URL {
    return this.#context.url
  }

  get request(): Request {
    return this.#sentCopy ?? this.#context.request
  }

  get requestText(): string | undefined {
    if (this.#sentCopy === undefined) return ''
    return this.#context.exchange.bodyText
  }

  get response(): Response {
    if (this.#responseCopy !== undefined) return this.#responseCopy
    if (!this.#open) throw new TypeError('[mocklib] CheckedAnswer.response was read after the check: the answer was delivered. Read it during check() (or await it there).')
    return (this.#responseCopy = this.#original.clone())
  }

  get status(): number {
    return this.#original.status
  }

  get responseHeaders(): Headers {
    return this.#original.headers
  }

  get responseText(): string | undefined {
    const known = knownBodyOf(this.#original)
    if (known !== undefined) return known
    // Only a body made from a string is known; reading `body` of any other makes nothing new.
    return this.#original.body === null ? '' : undefined
  }

  /** The checks are done: no copy of the response can be made from now on. */
  close(): void {
    this.#open = false
  }
}
