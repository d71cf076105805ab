import type { HandlerScope, ScopeStore, TrafficObserver } from '../../../kernel/index.js'
import { MockHandler } from '../mock-handler.js'
import { pendingMocksText, unhandledRequestsText, type PendingReport } from './assertion-messages.js'
import { scopeTraffic, type RecentRequest, type UnhandledRequestRecord } from './scope-traffic.js'
import { createTrafficRecorder } from './traffic-recorder.js'

/**
 * Request history and assertions of a runtime (`setupServer`, and any runtime
 * built on the kernel). Everything acts on the scope of the code that calls
 * it: inside `server.boundary(...)` only that boundary's mocks and traffic.
 */
export interface MockAssertions {
  /**
   * The mocks of this scope that are not done: limited mocks (`times`/`once`)
   * not used up, persistent mocks never called. Inside a boundary, only the
   * mocks added in it (inherited ones belong to the enclosing scope).
   * @example expect(server.pendingMocks()).toEqual([])
   */
  pendingMocks(): readonly MockHandler[]
  /**
   * Throws an error listing each pending mock with the recent request that
   * came closest to it and the step that rejected it.
   * @example afterEach(() => server.assertDone())
   */
  assertDone(): void
  /**
   * The requests of this scope that no handler answered (whatever the
   * `onUnhandledRequest` policy, and even if the application swallowed the
   * failure), oldest first; the last 100 are kept.
   * @example expect(server.unhandledRequests()).toHaveLength(0)
   */
  unhandledRequests(): readonly UnhandledRequestRecord[]
  /**
   * Throws an error listing the unhandled requests of this scope, if any.
   * @example afterEach(() => server.assertNoUnhandledRequests())
   */
  assertNoUnhandledRequests(): void
  /**
   * Forgets this scope's recorded traffic (unhandled and recent requests);
   * mocks keep their calls until `restoreHandlers()`.
   * @example afterEach(() => server.clearHistory())
   */
  clearHistory(): void
}

function ownMocks(scope: HandlerScope): MockHandler[] {
  const inherited = scope.parent ? new Set(scope.parent.list.handlers) : undefined
  return scope.list.handlers.filter((handler): handler is MockHandler => handler instanceof MockHandler && !inherited?.has(handler))
}

/**
 * The recent request that got furthest through `mock`'s steps; on a tie the
 * one the mock finds most similar (REST: longest shared URL prefix), then the latest.
 */
function nearest(mock: MockHandler, recent: readonly RecentRequest[]): RecentRequest | undefined {
  let best: RecentRequest | undefined
  let bestDepth = -1
  let bestSimilarity = -1
  for (const entry of recent) {
    if (entry.handler === mock) continue
    const { depth } = mock.diagnose(entry.context)
    if (depth < bestDepth) continue
    const similarity = mock.similarity(entry.context)
    if (depth > bestDepth || similarity >= bestSimilarity) {
      best = entry
      bestDepth = depth
      bestSimilarity = similarity
    }
  }
  return best
}

/**
 * Creates the history and assertion API over a runtime's scope store, and
 * registers the recorder that feeds it in `observers` (a runtime's
 * `Runtime.observers`).
 *
 * @example
 * const assertions = createMockAssertions(store, core.observers)
 * const server = { ...createHandlerManagement(store, 'server'), ...assertions }
 */
export function createMockAssertions(store: ScopeStore, observers: Set<TrafficObserver>): MockAssertions {
  observers.add(createTrafficRecorder())
  return {
    pendingMocks() {
      return Object.freeze(ownMocks(store.current()).filter((mock) => !mock.isDone()))
    },
    assertDone() {
      const scope = store.current()
      const pending = ownMocks(scope).filter((mock) => !mock.isDone())
      if (pending.length === 0) return
      const { recent } = scopeTraffic(scope)
      const reports: PendingReport[] = pending.map((mock) => ({ mock, nearest: nearest(mock, recent) }))
      throw new Error(pendingMocksText(reports))
    },
    unhandledRequests() {
      return Object.freeze(scopeTraffic(store.current()).unhandled)
    },
    assertNoUnhandledRequests() {
      const traffic = scopeTraffic(store.current())
      if (traffic.unhandledCount === 0) return
      throw new Error(unhandledRequestsText(traffic.unhandled, traffic.unhandledCount))
    },
    clearHistory() {
      scopeTraffic(store.current()).clear()
    },
  }
}
