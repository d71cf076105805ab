import { AsyncLocalStorage } from 'node:async_hooks'
import type { HandlerScope } from '../handler-scope.js'
import type { ScopeStore } from '../scope-store.js'

/**
 * A scope store backed by AsyncLocalStorage: code inside `run` (and every
 * asynchronous continuation it starts) sees the boundary's scope, everything
 * else sees the root scope.
 *
 * The storage is made by the first `run` (the first `boundary()`): until then no
 * code can be inside one, and a server that never uses boundaries neither loads
 * Node's AsyncLocalStorage internals (part of every cold start) nor asks it for
 * a store on each request.
 *
 * @example
 * const store = createAsyncScopeStore(new HandlerScope(handlers))
 * store.run(new HandlerScope([], store.root), () => store.current()) // the inner scope
 */
export function createAsyncScopeStore(root: HandlerScope): ScopeStore {
  let storage: AsyncLocalStorage<HandlerScope> | undefined
  return {
    root,
    current: () => storage?.getStore() ?? root,
    run: (scope, callback) => (storage ??= new AsyncLocalStorage()).run(scope, callback),
  }
}
