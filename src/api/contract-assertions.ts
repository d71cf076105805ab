import { message, type AnswerProblem, type ReportingAnswerCheck } from '../kernel/index.js'

export interface ContractAssertions {
  /**
   * The contract violations found so far in this scope.
   * @example const [first] = worker.contractViolations<ContractViolation>() // from 'mocklib/openapi'
   */
  contractViolations<Violation extends AnswerProblem = AnswerProblem>(): readonly Violation[]
  /** Throws an error listing this scope's contract violations, if any. */
  assertContract(): void
}

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
