import type { Handler, RequestContext } from '../../../kernel/index.js'

/**
 * A request no handler answered, as listed by `server.unhandledRequests()`.
 *
 * @example
 * server.unhandledRequests().map((record) => `${record.method} ${record.url}`)
 */
export interface UnhandledRequestRecord {
  /** `websocket` for a WebSocket connection no link took (its `url` is ws:/wss:, its method GET). */
  readonly kind: 'http' | 'websocket'
  readonly request: Request
  readonly method: string
  readonly url: string
  readonly requestId: string
  /** When it was seen (`Date.now()`). */
  readonly time: number
}

/** A recent request of a scope and the handler that answered it, if any. @internal */
export interface RecentRequest {
  readonly context: RequestContext
  readonly handler: Handler | undefined
}

/** A recent connection of a scope and the WebSocket handlers that took it (none: unhandled). @internal */
export interface RecentConnection {
  readonly url: string
  readonly handlers: readonly Handler[]
}

/**
 * Memory bounds of what a scope records. The last 20 requests are kept for
 * "nearest request" diagnostics; the last 100 unhandled requests are listed
 * (all are counted), and the last 100 WebSocket connections (each keeps its
 * last 1000 messages). Nothing else grows with traffic.
 */
export const TRAFFIC_LIMITS = { recentRequests: 20, unhandledRequests: 100, connections: 100 } as const

// The records themselves (`ScopeTraffic`, `scopeTraffic`) are in scope-records.ts: `mocklib` re-exports
// TRAFFIC_LIMITS from here, and would otherwise load them with every import.
