// The lazily loaded part of setupWorker: requested as soon as the worker is
// created, awaited by start(). Nothing is intercepted before start(), so a page
// pays for none of it in the bundle it loads up front: request history, the
// mock builder's assertions and HAR recording (see lazy-history.ts), and what
// the page does with answers (cookies, the console log, printed refusals).
export { createMockAssertions } from '../../dsl/mock/history/mock-assertions.js'
export { recordRuntime } from '../../dsl/record/record-runtime.js'
export { applyPageEffects } from './page-effects.js'
export { readPageCookies } from './page-cookies.js'
export { printedRefusals } from './printed-refusals.js'
