import type { StepCheck } from './step-check.js'
import type { StepTableName } from './step-table.js'

/**
 * The matching steps of a mock, in the order they are checked. Assertion
 * messages name the step that rejected a request. `method`, `path` and
 * `operation` belong to the plain handler a mock wraps; the others are the
 * builder's steps, one per row of the step table.
 *
 * @example
 * const rejectedAt: MockStepName = 'query'
 */
export type MockStepName = 'method' | 'path' | 'operation' | StepTableName

/**
 * One matching step: a named `StepCheck`.
 *
 * @example
 * const step: MockStep = { name: 'query', description: '', check: () => undefined }
 */
export interface MockStep extends StepCheck {
  readonly name: MockStepName
}
