// The dsl barrel: the public list, plus what mocklib's own entries and tools
// read from the dsl without making it public.
export * from './public-exports.js'
// For the har2ts and contract command lines, and the recorders of the entries.
export { parseHar } from './record/har-document.js'
export type { Recording } from './record/index.js'
// For setupServer's cookie jar observer.
export { hasSetCookies } from './response/cookie-jar.js'
