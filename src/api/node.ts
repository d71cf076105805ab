/**
 * The Node runtime of mocklib: `setupServer`.
 *
 * @packageDocumentation
 */
export { setupServer, type ListenOptions, type SetupServerApi } from './setup-server.js'
export { snapshot, SNAPSHOT_ENV, type SnapshotMode, type SnapshotOptions } from '../dsl/record/snapshot.js'
// What `listen({ contract })` takes and `contractViolations()` gives (mocklib/openapi's contract() makes one).
export type { AnswerCheck, AnswerProblem, CheckedAnswer, ReportingAnswerCheck } from '../kernel/answer-check.js'
