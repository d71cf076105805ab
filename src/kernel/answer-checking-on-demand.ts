import { onFirstUse } from './on-first-use.js'

/**
 * What runs the answer checks (`runtime.answerChecks`), loaded the first time
 * a runtime has some: a runtime without checks (a browser page without a
 * contract, most test suites) never downloads or compiles it. The HTTP flow
 * reads `loaded` and stays synchronous once it is there; `listen({ contract })`
 * and `start({ contract })` start the load (see `prepareAnswerChecking`) so
 * that normally no request waits for it.
 * @internal
 *
 * @example
 * const checking = answerChecking.loaded ?? (await answerChecking.load())
 * new checking.CheckedExchange(runtime.answerChecks, exchange).answer(context, response, scope, judged)
 */
export const answerChecking = onFirstUse(() => import('./answer-checking.js'))

/** The loaded answer-checking module (the type of `answerChecking.loaded`). @internal */
export type AnswerChecking = NonNullable<typeof answerChecking.loaded>

/**
 * Starts loading what runs the answer checks, for a runtime that is about to
 * have some. Nothing waits on it: a load that fails here is tried again, and
 * reported, by the first checked request.
 * @internal
 *
 * @example
 * if (contract) {
 *   core.answerChecks.add(contract)
 *   prepareAnswerChecking()
 * }
 */
export function prepareAnswerChecking(): void {
  answerChecking.load().then(undefined, () => undefined)
}
