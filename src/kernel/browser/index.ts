export { lazyPageRequestSource, lazyPageWebSocketSource } from './lazy-source.js'
export type { PageRequestSettings } from './page-request-source.js'
