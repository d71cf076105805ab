export { createAsyncScopeStore } from './async-scope-store.js'
export { defaultFetchLayer, interceptNode, type FetchLayer } from './intercept-node.js'
export { createWebSocketSource } from './websocket/websocket-source.js'
export { documentCookies, hasXmlHttpRequest, xhrSource } from './xhr/xhr-source.js'
