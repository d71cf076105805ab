export { createAsyncScopeStore } from './async-scope-store.js'
export { defaultFetchLayer, interceptNode, type FetchLayer } from './intercept-node.js'
