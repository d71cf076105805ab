// setupWorker's kernel: the page's sources, each behind a gate that loads it when mocking starts.
export { lazyPageRequestSource, lazyPageWebSocketSource, type LazySource } from './lazy-source.js'
export type { PageRequestSettings } from './page-request-source.js'
