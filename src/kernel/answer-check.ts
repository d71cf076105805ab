/** A mocked answer about to reach the client, as an `AnswerCheck` sees it. */
export interface CheckedAnswer {
  readonly id: string
  /** An unread copy of the request as the client sent it (the resolver may have read the original). */
  readonly request: Request
  /** An unread copy of the mocked response. */
  readonly response: Response
  /** The scope (root or boundary) the request was made in: a key for what a check keeps per boundary. */
  readonly scope: object
}

/**
 * A check every mocked answer passes before the client gets it, whatever
 * handler made it (contract checks against an API description, for one).
 * Resolving to an `Error` fails the client's request with it, as the
 * unhandled-request policy `'error'` does; anything else delivers the answer.
 * A runtime without checks pays nothing: no copies are made.
 *
 * @example
 * const noTeapots: AnswerCheck = {
 *   check: ({ request, response }) => (response.status === 418 ? new Error(`${request.url} answered 418`) : undefined),
 * }
 * runtime.answerChecks.add(noTeapots)
 */
export interface AnswerCheck {
  check(answer: CheckedAnswer): void | Error | undefined | Promise<void | Error | undefined>
}

/**
 * Runs `checks` in order on `answer`; the first `Error` wins. A check that
 * throws is its own failure (the request fails with what it threw), so a bug
 * in a check is seen rather than swallowed.
 *
 * @example
 * const failure = await runAnswerChecks(runtime.answerChecks, answer)
 */
export async function runAnswerChecks(checks: Iterable<AnswerCheck>, answer: CheckedAnswer): Promise<Error | undefined> {
  for (const check of checks) {
    try {
      const found = await check.check(answer)
      if (found instanceof Error) return found
    } catch (thrown) {
      return thrown instanceof Error ? thrown : new Error(String(thrown))
    }
  }
  return undefined
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
