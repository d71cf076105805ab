import type { HandlerScope } from './handler-scope.js'

/**
 * Where a runtime keeps the scope that applies to the code running now. Node
 * uses AsyncLocalStorage (boundaries); the browser has a single scope.
 */
export interface ScopeStore {
  readonly root: HandlerScope
  current(): HandlerScope
  run<Result>(scope: HandlerScope, callback: () => Result): Result
}

/** A store with one scope and no boundaries (browser runtime, `getResponse`). */
export function createSingleScopeStore(root: HandlerScope): ScopeStore {
  return { root, current: () => root, run: (_scope, callback) => callback() }
}
