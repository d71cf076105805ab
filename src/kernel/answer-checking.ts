import type { AnswerCheck, CheckedAnswer } from './answer-check.js'
import type { HttpExchange } from './contracts.js'
import { MockedAnswer } from './mocked-answer.js'
import type { RequestContext } from './request-context.js'

// Everything here runs only for a runtime with answer checks, and is loaded by its first one (see answer-checking-on-demand.ts).

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

/**
 * The answer checks' side of one HTTP exchange they run on, made before its
 * handlers run: the copy of the request as sent (the resolver may read the
 * original), and whether a check reads real responses too.
 * @internal
 *
 * @example
 * const checked = new CheckedExchange(runtime.answerChecks, exchange)
 * checked.answer(context, response, scope, (failure) => (failure ? exchange.errorWith(failure) : exchange.respondWith(response)))
 */
export class CheckedExchange {
  /** A copy of a request with a body; `undefined`: the request has none, and is shared. */
  readonly sentCopy: Request | undefined
  /** A check reads real responses too (`AnswerCheck.checkReceived`): the network's answer is to be asked for and handed over. */
  readonly readsReceived: boolean

  constructor(
    readonly checks: ReadonlySet<AnswerCheck>,
    readonly exchange: HttpExchange,
  ) {
    this.sentCopy = sentCopyOf(exchange)
    this.readsReceived = checksReceived(checks)
  }

  /**
   * Runs the checks on a mocked `response`, then hands `judged` the first
   * failure (`undefined`: deliver the answer). Synchronous while the checks
   * are: `judged` is then called within this call, and no promise is made.
   * The copies a check may read are made on its first read (see `MockedAnswer`).
   */
  answer(context: RequestContext, response: Response, scope: object, judged: (failure: Error | undefined) => void): void | Promise<void> {
    const answer = new MockedAnswer(this.exchange.id, context, this.sentCopy, response, scope)
    const conclude = (failure: Error | undefined): void => {
      answer.close()
      judged(failure)
    }
    const verdict = runAnswerChecks(this.checks, answer)
    if (!(verdict instanceof Promise)) return conclude(verdict)
    return verdict.then(conclude)
  }

  /**
   * Hands `real` (what the network answered) to every check that reads real
   * responses, each its own copy. Nothing waits on them and nothing they
   * find can stop the answer (the client already has it); a check that
   * throws is reported on the console rather than swallowed.
   */
  received(context: RequestContext, real: Response, scope: object): void {
    void runReceivedChecks(this.checks, receivedAnswer(this.exchange.id, context.url, this.sentCopy ?? context.request, real, scope))
  }
}

/** True when one of `checks` wants the real responses of requests sent to the network (`AnswerCheck.checkReceived`). */
function checksReceived(checks: Iterable<AnswerCheck>): boolean {
  for (const check of checks) if (check.checkReceived !== undefined) return true
  return false
}

async function runReceivedChecks(checks: Iterable<AnswerCheck>, received: CheckedAnswer): Promise<void> {
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

/** The `CheckedAnswer` of a real response (`checkReceived`): both copies are given, and the bodies are read from them. */
function receivedAnswer(id: string, url: URL, request: Request, response: Response, scope: object): CheckedAnswer {
  return { id, method: request.method.toUpperCase(), url, request, requestText: undefined, response, status: response.status, responseHeaders: response.headers, responseText: undefined, scope }
}

/**
 * The copy of the request the answer checks read, taken before the resolver
 * runs; `undefined` for a request without a body, which they share (only a
 * body can be used up, and a clone costs undici a new AbortSignal and its
 * listeners). A request the source knows to be bodyless is not even built.
 */
function sentCopyOf(exchange: HttpExchange): Request | undefined {
  if (exchange.bodyless === true) return undefined
  const { request } = exchange
  return request.body === null ? undefined : request.clone()
}
