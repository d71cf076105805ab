/**
 * A mocked answer about to reach the client, as an `AnswerCheck` sees it.
 * Read it during the check: the copies behind `request` and `response` are
 * made when first read (a check that needs neither costs no copy), and the
 * answer is delivered once every check is done.
 */
export interface CheckedAnswer {
  readonly id: string
  /** The request's method, upper case. */
  readonly method: string
  /** The request's URL, parsed once for everyone who reads it: do not change it. */
  readonly url: URL
  /** An unread copy of the request as the client sent it (the resolver may have read the original). */
  readonly request: Request
  /**
   * The request's body as text when it is known without reading a stream
   * (`''`: the request has no body; the string a `fetch` was given), else
   * `undefined` (read `request`).
   */
  readonly requestText: string | undefined
  /** An unread copy of the mocked response. */
  readonly response: Response
  /** The response's status (reading it makes no copy). */
  readonly status: number
  /** The response's headers as the client gets them (reading them makes no copy): do not change them. */
  readonly responseHeaders: Headers
  /**
   * The response's body as text when it is known without reading a stream
   * (a body built from a string, as `HttpResponse.json` builds it; `''`: no
   * body), else `undefined` (read `response`). It is what the client receives.
   */
  readonly responseText: string | undefined
  /** The scope (root or boundary) the request was made in: a key for what a check keeps per boundary. */
  readonly scope: object
}

/**
 * A check every mocked answer passes before the client gets it, whatever
 * handler made it (contract checks against an API description, for one).
 * Resolving to an `Error` fails the client's request with it, as the
 * unhandled-request policy `'error'` does; anything else delivers the answer.
 * A runtime without checks pays nothing, and a check pays only for what it
 * reads (see `CheckedAnswer`): a synchronous one that reads no copy costs
 * next to nothing.
 *
 * @example
 * const noTeapots: AnswerCheck = {
 *   check: ({ url, status }) => (status === 418 ? new Error(`${url.href} answered 418`) : undefined),
 * }
 * runtime.answerChecks.add(noTeapots)
 */
export interface AnswerCheck {
  check(answer: CheckedAnswer): void | Error | undefined | Promise<void | Error | undefined>
  /**
   * Optional: sees what the network answered a request sent on to it
   * (`passthrough()`, handlers that all fell through, an unhandled request
   * let through; not a `bypass()` request, which a handler makes for
   * itself). It cannot hold the answer back: the client reads the real
   * response as it arrives (a stream keeps streaming), and `response` is a
   * copy. Only when a check has this method does the runtime ask the
   * sources for that copy: without one, real responses are neither copied nor read.
   *
   * @example
   * const realStatuses: AnswerCheck = {
   *   check: () => undefined,
   *   checkReceived: ({ request, response }) => console.log(request.url, response.status),
   * }
   */
  checkReceived?(received: CheckedAnswer): void | Promise<void>
}

/** One problem an `AnswerCheck` found, as `server.contractViolations()` lists it. */
export interface AnswerProblem {
  readonly message: string
}

/**
 * An `AnswerCheck` that keeps the problems it found, per scope (root or
 * boundary): what `server.listen({ contract })` takes (`contract()` of
 * `mocklib/openapi` makes one).
 *
 * @example
 * server.listen({ contract: await contract(document, { onViolation: 'warn' }) })
 * server.assertContract()
 */
export interface ReportingAnswerCheck<Problem extends AnswerProblem = AnswerProblem> extends AnswerCheck {
  /** The problems found so far in `scope`, oldest first. */
  problemsIn(scope: object): readonly Problem[]
}
