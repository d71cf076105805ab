// History's own face: setupWorker loads it with import(), so no barrel of the browser's initial bundle may re-export it.
export { createMockAssertions, type MockAssertions, type PendingMock } from './mock-assertions.js'
export { unhandledRequestsText } from './assertion-messages.js'
export type { UnhandledRequestRecord } from './scope-traffic.js'
