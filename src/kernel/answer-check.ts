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

/**
 * Runs `checks` in order on `answer`; the first `Error` wins. A check that
 * throws is its own failure (the request fails with what it threw), so a bug
 * in a check is seen rather than swallowed. Synchronous while the checks
 * are (most answers then cost no promise); a check that returns a promise
 * is awaited, and so are the ones after it.
 *
 * @example
 * const verdict = runAnswerChecks(runtime.answerChecks, answer)
 * const failure = verdict instanceof Promise ? await verdict : verdict
 */
export function runAnswerChecks(checks: Iterable<AnswerCheck>, answer: CheckedAnswer): Error | undefined | Promise<Error | undefined> {
  // One iterator, handed on to the asynchronous tail: the checks after a pending one run after it, in order.
  const iterator = checks[Symbol.iterator]()
  for (let next = iterator.next(); next.done !== true; next = iterator.next()) {
    let found: ReturnType<AnswerCheck['check']>
    try {
      found = next.value.check(answer)
    } catch (thrown) {
      return asFailure(thrown)
    }
    if (found instanceof Error) return found
    if (isThenable(found)) return finishAsync(found, iterator, answer)
  }
  return undefined
}

async function finishAsync(pending: PromiseLike<void | Error | undefined>, rest: Iterator<AnswerCheck>, answer: CheckedAnswer): Promise<Error | undefined> {
  try {
    const found = await pending
    if (found instanceof Error) return found
    for (let next = rest.next(); next.done !== true; next = rest.next()) {
      const later = await next.value.check(answer)
      if (later instanceof Error) return later
    }
  } catch (thrown) {
    return asFailure(thrown)
  }
  return undefined
}

function isThenable(value: unknown): value is PromiseLike<void | Error | undefined> {
  return typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function'
}

function asFailure(thrown: unknown): Error {
  return thrown instanceof Error ? thrown : new Error(String(thrown))
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
 * void runReceivedChecks(runtime.answerChecks, receivedAnswer(id, url, request, real, scope))
 */
export async function runReceivedChecks(checks: Iterable<AnswerCheck>, received: CheckedAnswer): Promise<void> {
  const readers = [...checks].filter((check) => check.checkReceived !== undefined)
  await Promise.all(
    readers.map(async (check, index) => {
      const last = index === readers.length - 1
      const answer = last ? received : receivedAnswer(received.id, received.url, received.request.clone(), received.response.clone(), received.scope)
      try {
        await check.checkReceived!(answer)
      } catch (thrown) {
        console.error(`[mocklib] A check of the real response to ${received.request.method} ${received.request.url} threw; the response was delivered.`, thrown)
      }
    }),
  )
}

/**
 * The `CheckedAnswer` of a real response (`checkReceived`): both copies are
 * given, and the bodies are read from them.
 *
 * @example
 * void runReceivedChecks(runtime.answerChecks, receivedAnswer(id, url, request, real, scope))
 */
export function receivedAnswer(id: string, url: URL, request: Request, response: Response, scope: object): CheckedAnswer {
  return { id, method: request.method.toUpperCase(), url, request, requestText: undefined, response, status: response.status, responseHeaders: response.headers, responseText: undefined, scope }
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
