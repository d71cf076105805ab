// Request history and assertions: setupServer and interceptPage load them statically, setupWorker
// with import() (a barrel that the browser's initial bundle reaches must not re-export them).
export { createMockAssertions, type MockAssertions, type PendingMock } from './mock-assertions.js'
export { unhandledRequestsText } from './assertion-messages.js'
export type { UnhandledRequestRecord } from './scope-traffic.js'
