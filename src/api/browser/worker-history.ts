// The lazily loaded part of setupWorker (see lazy-history.ts): request
// history, the mock builder's assertions and HAR recording. A page pays for
// them when mocking starts, not in the bundle it loads up front.
export { createMockAssertions } from '../../dsl/mock/history/mock-assertions.js'
export { recordRuntime } from '../../dsl/record/record-runtime.js'
