export { lazyPageRequestSource, lazyPageWebSocketSource, type LazySource } from './lazy-source.js'
export type { PageRequestSettings } from './page-request-source.js'
