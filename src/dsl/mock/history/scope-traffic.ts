import type { ConnectionContext, Handler, HandlerScope, RequestContext } from '../../../kernel/index.js'
import type { WebSocketConnectionRecord } from '../../ws/index.js'
import { RecentList } from '../../shared/recent-list.js'

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

/** A recent request of a scope and the handler that answered it, if any. */
export interface RecentRequest {
  readonly context: RequestContext
  readonly handler: Handler | undefined
}

/** A recent connection of a scope and the WebSocket handlers that took it (none: unhandled). */
export interface RecentConnection {
  readonly url: string
  readonly handlers: readonly Handler[]
}

/**
 * What a scope keeps of its traffic (unhandled requests are all counted); nothing else grows with traffic.
 *
 * @example
 * expect(server.unhandledRequests().length).toBeLessThanOrEqual(TRAFFIC_LIMITS.unhandledRequests)
 */
export const TRAFFIC_LIMITS = { recentRequests: 20, unhandledRequests: 100, connections: 100 } as const

/** What one handler scope (the root or a boundary) recorded, kept in its `extensions` to be scoped like its handlers. */
class ScopeTraffic {
  readonly recent = new RecentList<RecentRequest>(TRAFFIC_LIMITS.recentRequests)
  readonly unhandled = new RecentList<UnhandledRequestRecord>(TRAFFIC_LIMITS.unhandledRequests)
  readonly connections = new RecentList<WebSocketConnectionRecord>(TRAFFIC_LIMITS.connections)
  readonly recentConnections = new RecentList<RecentConnection>(TRAFFIC_LIMITS.recentRequests)

  addUnhandled(context: RequestContext): void {
    const { request } = context
    this.unhandled.push({ kind: 'http', request, method: context.method, url: request.url, requestId: context.requestId, time: Date.now() })
  }

  addConnection(context: ConnectionContext, handlers: readonly Handler[], record: WebSocketConnectionRecord | undefined): void {
    const url = context.url.href
    this.recentConnections.push({ url, handlers })
    if (handlers.length === 0) {
      const request = new Request(context.url, { headers: { connection: 'upgrade', upgrade: 'websocket' } })
      this.unhandled.push({ kind: 'websocket', request, method: 'GET', url, requestId: context.requestId, time: Date.now() })
    } else if (record !== undefined) this.connections.push(record)
  }

  clear(): void {
    this.recent.clear()
    this.unhandled.clear()
    this.connections.clear()
    this.recentConnections.clear()
  }
}

const TRAFFIC = Symbol('mock traffic')

/** The records of `scope`, created on first use. */
export function scopeTraffic(scope: HandlerScope): ScopeTraffic {
  let traffic = scope.extensions.get(TRAFFIC) as ScopeTraffic | undefined
  if (traffic === undefined) scope.extensions.set(TRAFFIC, (traffic = new ScopeTraffic()))
  return traffic
}
