import type { HandlerScope, ScopeStore, TrafficObserver } from '../../../kernel/index.js'
import type { WebSocketConnectionRecord, WebSocketHandler } from '../../ws/index.js'
import type { MockHandler } from '../mock-handler.js'
import { pendingMocksText, unhandledRequestsText, type PendingReport } from './assertion-messages.js'
import { scopeTraffic, type RecentConnection, type RecentRequest, type UnhandledRequestRecord } from './scope-traffic.js'
import { createTrafficRecorder, isMock } from './traffic-recorder.js'

/**
 * Request history and assertions, on the caller's scope: inside `server.boundary(...)` only that boundary's.
 *
 * @example
 * afterEach(() => server.assertDone())
 * test('asks for nothing unmocked', () => expect(server.unhandledRequests()).toEqual([]))
 */
export interface MockAssertions {
  /**
   * The mocks added in this scope that are not done: limited mocks not used up, persistent mocks never called, and
   * `mock.ws` handlers that did not take their connections.
   * @example expect(server.pendingMocks()).toEqual([])
   */
  pendingMocks(): readonly PendingMock[]
  /**
   * Throws an error listing each pending mock with the nearest recent request and the step that rejected it.
   * @example afterEach(() => server.assertDone())
   */
  assertDone(): void
  /**
   * The requests of this scope that no handler answered (whatever the `onUnhandledRequest` policy, even if the
   * application swallowed the failure), oldest first; the last 100 are kept.
   * @example expect(server.unhandledRequests()).toHaveLength(0)
   */
  unhandledRequests(): readonly UnhandledRequestRecord[]
  /**
   * Throws an error listing the unhandled requests of this scope, if any.
   * @example afterEach(() => server.assertNoUnhandledRequests())
   */
  assertNoUnhandledRequests(): void
  /**
   * The WebSocket connections of this scope that a handler took, oldest first (the last 100), with their messages.
   * @example expect(server.webSocketConnections()[0]?.messages).toMatchObject([{ direction: 'incoming', data: 'hi' }])
   */
  webSocketConnections(): readonly WebSocketConnectionRecord[]
  /**
   * Forgets this scope's recorded traffic; mocks and handlers keep their calls until `restoreHandlers()`.
   * @example afterEach(() => server.clearHistory())
   */
  clearHistory(): void
}

/**
 * What `pendingMocks()` lists: a mock built by `mock.*`, or the handler of a `mock.ws` link.
 *
 * @example
 * server.pendingMocks().map((pending) => `${pending.description}: ${pending.progress}`)
 */
export type PendingMock = MockHandler | WebSocketHandler<any, any, any>

/** A mock, or a `mock.ws` link's handler (told apart without loading the WebSocket code into a browser bundle). */
function isExpectation(handler: unknown): handler is PendingMock {
  const webSocket = handler as Partial<WebSocketHandler>
  return isMock(handler) || (webSocket.kind === 'websocket' && webSocket.expected === true)
}

/** The mocks added in `scope` (not inherited from its parent) that are not done. */
function pendingIn(scope: HandlerScope): PendingMock[] {
  const inherited = scope.parent ? new Set(scope.parent.list.handlers) : undefined
  return scope.list.handlers.filter((handler): handler is PendingMock => isExpectation(handler) && !inherited?.has(handler) && !handler.isDone())
}

/** The recent connection most like what `handler` expects: the longest shared URL prefix, then the latest. */
function nearestConnection(handler: WebSocketHandler<any, any, any>, recent: readonly RecentConnection[]): RecentConnection | undefined {
  const pattern = handler.info.header.replace(/^ws /, '')
  let best: RecentConnection | undefined
  let bestShared = -1
  for (const entry of recent) {
    if (entry.handlers.includes(handler)) continue
    let shared = 0
    while (shared < pattern.length && shared < entry.url.length && pattern[shared] === entry.url[shared]) shared++
    if (shared >= bestShared) {
      best = entry
      bestShared = shared
    }
  }
  return best
}

/** The recent request that got furthest through `mock`'s steps; on a tie the most similar, then the latest. */
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
 * The history and assertion API over a runtime's scope store; adds the recorder that feeds it to `observers`.
 *
 * @example
 * const assertions = createMockAssertions(store, core.observers)
 * const server = { ...createHandlerManagement(store, 'server'), ...assertions }
 */
export function createMockAssertions(store: ScopeStore, observers: Set<TrafficObserver>): MockAssertions {
  observers.add(createTrafficRecorder())
  return {
    pendingMocks() {
      return Object.freeze(pendingIn(store.current()))
    },
    assertDone() {
      const scope = store.current()
      const pending = pendingIn(scope)
      if (pending.length === 0) return
      const { recent, recentConnections } = scopeTraffic(scope)
      const reports: PendingReport[] = pending.map((mock) =>
        isMock(mock) ? { mock, nearest: nearest(mock, recent.items()) } : { mock, nearestConnection: nearestConnection(mock, recentConnections.items()) },
      )
      throw new Error(pendingMocksText(reports))
    },
    unhandledRequests() {
      return Object.freeze(scopeTraffic(store.current()).unhandled.items())
    },
    assertNoUnhandledRequests() {
      const { unhandled } = scopeTraffic(store.current())
      if (unhandled.count === 0) return
      throw new Error(unhandledRequestsText(unhandled.items(), unhandled.count))
    },
    webSocketConnections() {
      return Object.freeze(scopeTraffic(store.current()).connections.items())
    },
    clearHistory() {
      scopeTraffic(store.current()).clear()
    },
  }
}
