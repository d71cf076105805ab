// Loaded with the first runtime that has checks (see `answerChecking` in http-flow.ts).
import type { HttpExchange } from './contracts.js'
import { asError } from './errors.js'
import { knownBodyOf } from './known-body.js'
import type { RequestContext } from './request-context.js'
import { step, type Steps } from './steps.js'

/**
 * A mocked answer about to reach the client, as an `AnswerCheck` sees it: read it during the check.
 *
 * @example
 * const logAnswers: AnswerCheck = { check: ({ method, url, status }: CheckedAnswer) => console.log(method, url.pathname, status) }
 */
export interface CheckedAnswer {
  readonly id: string
  /** The request's method, upper case. */
  readonly method: string
  /** The request's URL, parsed once for everyone who reads it: do not change it. */
  readonly url: URL
  /** An unread copy of the request as the client sent it (the resolver may have read the original). */
  readonly request: Request
  /** The request's body as text when known without reading a stream (`''`: no body), else `undefined`. */
  readonly requestText: string | undefined
  /** An unread copy of the mocked response. */
  readonly response: Response
  /** The response's status (reading it makes no copy). */
  readonly status: number
  /** The response's headers as the client gets them (reading them makes no copy): do not change them. */
  readonly responseHeaders: Headers
  /** The response's body as text when known without reading a stream (`''`: no body), else `undefined`. */
  readonly responseText: string | undefined
  /** The scope (root or boundary) the request was made in: a key for what a check keeps per boundary. */
  readonly scope: object
}

/**
 * A check every mocked answer passes before the client gets it; an `Error` fails the client's request with it.
 *
 * @example
 * const noTeapots: AnswerCheck = {
 *   check: ({ url, status }) => (status === 418 ? new Error(`${url.href} answered 418`) : undefined),
 * }
 * runtime.answerChecks.add(noTeapots)
 */
export interface AnswerCheck {
  check(answer: CheckedAnswer): void | Error | undefined | Promise<void | Error | undefined>
  /** Sees a copy of what the network answered a request sent on (not a `bypass()` one); it cannot hold it back. */
  checkReceived?(received: CheckedAnswer): void | Promise<void>
}

/**
 * One problem an `AnswerCheck` found, as `server.contractViolations()` lists it.
 *
 * @example
 * for (const problem of server.contractViolations()) console.log(problem.message)
 */
export interface AnswerProblem {
  readonly message: string
}

/**
 * An `AnswerCheck` that keeps the problems it found per scope: what `server.listen({ contract })` takes.
 *
 * @example
 * server.listen({ contract: await contract(document, { onViolation: 'warn' }) })
 * server.assertContract()
 */
export interface ReportingAnswerCheck<Problem extends AnswerProblem = AnswerProblem> extends AnswerCheck {
  /** The problems found so far in `scope`, oldest first. */
  problemsIn(scope: object): readonly Problem[]
}

/** The first `Error` wins; a check that throws fails the request with what it threw, so its bug is seen. */
export function runAnswerChecks(checks: Iterable<AnswerCheck>, answer: CheckedAnswer): Error | undefined | Promise<Error | undefined> {
  // Not steps: synchronous checks then cost no generator.
  const iterator = checks[Symbol.iterator]()
  for (let next = iterator.next(); next.done !== true; next = iterator.next()) {
    let found: ReturnType<AnswerCheck['check']>
    try {
      found = next.value.check(answer)
    } catch (thrown) {
      return asError(thrown)
    }
    if (isThenable(found)) return finishChecks(found, iterator, answer)
    if (found instanceof Error) return found
  }
  return undefined
}

// The checks after a promise (or another realm's thenable) run after it, in order.
async function finishChecks(pending: PromiseLike<void | Error | undefined>, rest: Iterator<AnswerCheck>, answer: CheckedAnswer): Promise<Error | undefined> {
  try {
    const found = await pending
    if (found instanceof Error) return found
    for (let next = rest.next(); next.done !== true; next = rest.next()) {
      const later = await next.value.check(answer)
      if (later instanceof Error) return later
    }
  } catch (thrown) {
    return asError(thrown)
  }
  return undefined
}

function isThenable(value: unknown): value is PromiseLike<void | Error | undefined> {
  return typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function'
}

/** Made before the handlers run: the resolver may read the original request. */
export class CheckedExchange {
  readonly sentCopy: Request | undefined
  readonly readsReceived: boolean

  constructor(
    readonly checks: ReadonlySet<AnswerCheck>,
    readonly exchange: HttpExchange,
  ) {
    // A bodyless request is shared, not cloned: only a body can be used up, and a clone costs undici a new AbortSignal.
    this.sentCopy = exchange.bodyless === true || exchange.request.body === null ? undefined : exchange.request.clone()
    this.readsReceived = [...checks].some((check) => check.checkReceived !== undefined)
  }

  *check(context: RequestContext, response: Response, scope: object): Steps<Error | undefined> {
    const answer = new MockedAnswer(this.exchange.id, context, this.sentCopy, response, scope)
    try {
      const verdict = runAnswerChecks(this.checks, answer)
      return verdict instanceof Promise ? yield* step(verdict) : verdict
    } finally {
      answer.close()
    }
  }

  /** Nothing waits on these checks: the client already has the response. */
  received(context: RequestContext, real: Response, scope: object): void {
    const request = this.sentCopy ?? context.request
    const readers = [...this.checks].filter((check) => check.checkReceived !== undefined)
    readers.forEach(async (check, index) => {
      const last = index === readers.length - 1
      const answer = receivedAnswer(this.exchange.id, context.url, last ? request : request.clone(), last ? real : real.clone(), scope)
      try {
        await check.checkReceived!(answer)
      } catch (thrown) {
        console.error(`[mocklib] A check of the real response to ${request.method} ${request.url} threw; the response was delivered.`, thrown)
      }
    })
  }
}

function receivedAnswer(id: string, url: URL, request: Request, response: Response, scope: object): CheckedAnswer {
  return { id, method: request.method.toUpperCase(), url, request, requestText: undefined, response, status: response.status, responseHeaders: response.headers, responseText: undefined, scope }
}

/** Closed once the checks are done, as the response then goes to the client. */
class MockedAnswer implements CheckedAnswer {
  readonly #context: RequestContext
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
    // Reading `body` of a response not made from a string makes nothing new.
    return knownBodyOf(this.#original) ?? (this.#original.body === null ? '' : undefined)
  }

  close(): void {
    this.#open = false
  }
}
