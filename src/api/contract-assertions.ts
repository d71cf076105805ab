import { message, type AnswerProblem, type ReportingAnswerCheck } from '../kernel/index.js'

/** `contractViolations()` and `assertContract()`, as `setupServer` and `setupWorker` offer them. */
export interface ContractAssertions {
  /**
   * The contract violations found so far in this scope (inside a `boundary()`, only its own); empty without a contract.
   * Name the type of the contract you gave `start()` to read its fields.
   *
   * @example
   * const [first] = worker.contractViolations<ContractViolation>() // ContractViolation from 'mocklib/openapi'
   * first?.pointer
   */
  contractViolations<Violation extends AnswerProblem = AnswerProblem>(): readonly Violation[]
  /** Throws an error listing this scope's contract violations, if any (like `assertDone()`). */
  assertContract(): void
}

/** The contract assertions of a runtime whose contract is `current()` (set by `listen()` / `start()`) and whose scope is `scope()`. */
export function contractAssertions(current: () => ReportingAnswerCheck | undefined, scope: () => object): ContractAssertions {
  const found = (): readonly AnswerProblem[] => current()?.problemsIn(scope()) ?? []
  return {
    // The problems are the contract's own objects: the caller names their type.
    contractViolations: <Violation extends AnswerProblem>() => Object.freeze([...found()]) as readonly Violation[],
    assertContract() {
      const problems = found()
      if (problems.length === 0) return
      const list = problems.map((problem, index) => `  ${index + 1}. ${problem.message.split('\n').join('\n     ')}`).join('\n')
      throw new Error(message(`${problems.length} contract violation${problems.length === 1 ? '' : 's'}:\n${list}`, 'Fix the mocks (or the document) so that the answers match the contract.'))
    },
  }
}
