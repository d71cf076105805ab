import type { HandlerScope } from './handler-scope.js'

/** The scope that applies to the code running now (Node: AsyncLocalStorage, for boundaries). */
export interface ScopeStore {
  readonly root: HandlerScope
  current(): HandlerScope
  run<Result>(scope: HandlerScope, callback: () => Result): Result
}

export function createSingleScopeStore(root: HandlerScope): ScopeStore {
  return { root, current: () => root, run: (_scope, callback) => callback() }
}
