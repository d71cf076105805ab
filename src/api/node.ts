/**
 * The Node runtime of mocklib: `setupServer`.
 *
 * @packageDocumentation
 */
export { setupServer, type ListenOptions } from './setup-server.js'
export { SetupServerApi } from './setup-server-api.js'
export type { InterceptorLike } from '../kernel/node/index.js'
export { snapshot, SNAPSHOT_ENV, type SnapshotMode, type SnapshotOptions } from '../dsl/record/snapshot.js'
// What `listen({ contract })` takes and `contractViolations()` gives (mocklib/openapi's contract() makes one).
export type { AnswerCheck, AnswerProblem, CheckedAnswer, ReportingAnswerCheck } from '../kernel/answer-check.js'
