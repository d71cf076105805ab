import { AsyncLocalStorage } from 'node:async_hooks'
import type { HandlerScope } from '../handler-scope.js'
import type { ScopeStore } from '../scope-store.js'

/**
 * The storage is made by the first `run` (the first `boundary()`): a server that never uses boundaries
 * neither loads AsyncLocalStorage's internals (a cold-start cost) nor asks it for a store per request.
 */
export function createAsyncScopeStore(root: HandlerScope): ScopeStore {
  let storage: AsyncLocalStorage<HandlerScope> | undefined
  return {
    root,
    current: () => storage?.getStore() ?? root,
    run: (scope, callback) => (storage ??= new AsyncLocalStorage()).run(scope, callback),
  }
}
