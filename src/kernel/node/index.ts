export { createAsyncScopeStore } from './async-scope-store.js'
export { interceptNode, type FetchLayer } from './intercept-node.js'
export { createWebSocketSource } from './websocket/websocket-source.js'
export { documentCookies, hasXmlHttpRequest, xhrSource } from './xhr/xhr-source.js'
export { sourcesForInterceptors, type InterceptorLike } from './interceptor-sources.js'
// A kernel module, exported here as only Node uses it.
export { createRuntimeStack, type RuntimeStack } from '../runtime-stack.js'
