// The dsl barrel: the public list, plus what mocklib's own entries and tools
// read from the dsl without making it public. The browser's initial bundle
// reaches it: what setupWorker loads on demand has its own face (mock/history,
// record, event-source), and so has what only Node runs (node, snapshot).
export * from './public-exports.js'
export { TRAFFIC_LIMITS } from './mock/history/scope-traffic.js'
// For the har2ts and contract command lines, and the recorders of the entries.
export { createHar, parseHar } from './record/har-document.js'
export type { Recording } from './record/index.js'
// For the cookie observers of setupServer and setupWorker, and the page's console log.
export { hasSetCookies, setCookiesOf } from './response/cookie-jar.js'
export { statusText } from './response/http-response.js'
