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

/** True when one of `checks` wants the real responses of requests sent to the network (`AnswerCheck.checkReceived`). */
export function checksReceived(checks: Iterable<AnswerCheck>): boolean {
  for (const check of checks) if (check.checkReceived !== undefined) return true
  return false
}

/**
 * Hands `received` (a real response) to every check that reads real
 * responses, each its own copy. Nothing waits on them and nothing they find
 * can stop the answer (the client already has it); a check that throws is
 * reported on the console rather than swallowed.
 *
 * @example
 * void runReceivedChecks(runtime.answerChecks, { id, request, response: real, scope })
 */
export async function runReceivedChecks(checks: Iterable<AnswerCheck>, received: CheckedAnswer): Promise<void> {
  const readers = [...checks].filter((check) => check.checkReceived !== undefined)
  await Promise.all(
    readers.map(async (check, index) => {
      const last = index === readers.length - 1
      const answer = last ? received : { ...received, request: received.request.clone(), response: received.response.clone() }
      try {
        await check.checkReceived!(answer)
      } catch (thrown) {
        console.error(`[mocklib] A check of the real response to ${received.request.method} ${received.request.url} threw; the response was delivered.`, thrown)
      }
    }),
  )
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
