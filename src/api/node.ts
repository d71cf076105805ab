/**
 * The Node runtime of mocklib: `setupServer`.
 * @packageDocumentation
 */
export { setupServer, SetupServerApi, type ListenOptions } from './setup-server.js'
export type { InterceptorLike } from '../kernel/node/index.js'
export { snapshot, SNAPSHOT_ENV, type SnapshotMode, type SnapshotOptions } from '../dsl/snapshot/index.js'
// What `listen({ contract })` takes and `contractViolations()` gives (mocklib/openapi's contract() makes one).
export type { AnswerCheck, AnswerProblem, CheckedAnswer, ReportingAnswerCheck } from '../kernel/index.js'
