import { AsyncLocalStorage } from 'node:async_hooks'
import type { HandlerScope } from '../handler-scope.js'
import type { ScopeStore } from '../scope-store.js'

// Made by the first `run` (`boundary()`): without boundaries no AsyncLocalStorage is loaded (a cold-start
// cost) nor asked for a store per request.
export function createAsyncScopeStore(root: HandlerScope): ScopeStore {
  let storage: AsyncLocalStorage<HandlerScope> | undefined
  return {
    root,
    current: () => storage?.getStore() ?? root,
    run: (scope, callback) => (storage ??= new AsyncLocalStorage()).run(scope, callback),
  }
}
