import { answerChecking, type AnswerCheck } from '../../kernel/index.js'

/**
 * `check`, saying in the page's console why it refused an answer: the request
 * then fails as a network error (through the Service Worker a plain
 * `TypeError` that carries no reason, as Fetch's network errors never do), so
 * the console is the only place the page's developer can read the reason. An
 * unhandled request under `onUnhandledRequest: 'error'` is reported the same
 * way (as msw does). A check that throws is a refusal too, and printed alike.
 * What `check` reads of real responses (`checkReceived`) is left as it is.
 *
 * @example
 * runtime.answerChecks.add(printedRefusals(await contract(document, { onViolation: 'error' })))
 * await fetch('/pets/2') // rejects; console.error: "[mocklib] The exchange breaks the OpenAPI contract: …"
 */
export function printedRefusals(check: AnswerCheck): AnswerCheck {
  const alone = [check]
  const printed = (failure: Error | undefined): Error | undefined => {
    if (failure !== undefined) console.error(failure.message)
    return failure
  }
  const printing: AnswerCheck = {
    check(answer) {
      // The runtime calls a check from the answer-check code, so it has loaded by now.
      const verdict = answerChecking.use((running) => running.runAnswerChecks(alone, answer))
      return verdict instanceof Promise ? verdict.then(printed) : printed(verdict)
    },
  }
  // Only a check that reads real responses may have the method: its presence is what makes the runtime copy them.
  const { checkReceived } = check
  if (checkReceived !== undefined) printing.checkReceived = (received) => checkReceived.call(check, received)
  return printing
}
