export { createAsyncScopeStore } from './async-scope-store.js'
export { defaultFetchLayer, interceptNode, type FetchLayer } from './intercept-node.js'
export { isOwnNetworkCall, runAsOwnNetworkCall } from './own-network-call.js'
