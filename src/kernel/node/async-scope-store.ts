import { AsyncLocalStorage } from 'node:async_hooks'
import type { HandlerScope } from '../handler-scope.js'
import type { ScopeStore } from '../scope-store.js'

/**
 * A scope store backed by AsyncLocalStorage: code inside `run` (and every
 * asynchronous continuation it starts) sees the boundary's scope, everything
 * else sees the root scope.
 */
export function createAsyncScopeStore(root: HandlerScope): ScopeStore {
  const storage = new AsyncLocalStorage<HandlerScope>()
  return {
    root,
    current: () => storage.getStore() ?? root,
    run: (scope, callback) => storage.run(scope, callback),
  }
}
