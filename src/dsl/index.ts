// The public list, plus what mocklib's entries and tools read without making it public. The browser's initial
// bundle reaches it: what setupWorker loads on demand, or only Node runs, has a face of its own.
export * from './public-exports.js'
export { TRAFFIC_LIMITS } from './mock/history/scope-traffic.js'
// For har2ts, contract and the entries' recorders.
export { createHar, parseHar } from './record/har-document.js'
export type { Recording } from './record/index.js'
// For setupServer's and setupWorker's cookie observers and the page's console log.
export { hasSetCookies, setCookiesOf } from './response/cookie-jar.js'
export { statusText } from './response/http-response.js'
