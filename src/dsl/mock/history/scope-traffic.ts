import type { ConnectionContext, Handler, HandlerScope, RequestContext } from '../../../kernel/index.js'
import type { WebSocketConnectionRecord } from '../../ws/index.js'

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


/**
 * What one handler scope (the root or one boundary) recorded, kept in
 * `HandlerScope.extensions` so that it is scoped exactly like the handlers.
 * @internal
 */
export class ScopeTraffic {
  readonly #recent: RecentRequest[] = []
  #recentNext = 0
  #unhandled: UnhandledRequestRecord[] = []
  #unhandledCount = 0
  #connections: WebSocketConnectionRecord[] = []
  #recentConnections: RecentConnection[] = []

  addRequest(context: RequestContext, handler: Handler | undefined): void {
    const entry = { context, handler }
    if (this.#recent.length < TRAFFIC_LIMITS.recentRequests) this.#recent.push(entry)
    else this.#recent[this.#recentNext] = entry
    this.#recentNext = (this.#recentNext + 1) % TRAFFIC_LIMITS.recentRequests
  }

  addUnhandled(context: RequestContext): void {
    this.#unhandledCount++
    const { request } = context
    this.#pushUnhandled({ kind: 'http', request, method: context.method, url: request.url, requestId: context.requestId, time: Date.now() })
  }

  /** A connection, with the handlers that took it (none: unhandled) and its record, if a WebSocket handler made one. */
  addConnection(context: ConnectionContext, handlers: readonly Handler[], record: WebSocketConnectionRecord | undefined): void {
    const url = context.url.href
    this.#recentConnections.push({ url, handlers })
    if (this.#recentConnections.length > TRAFFIC_LIMITS.recentRequests) this.#recentConnections.shift()
    if (handlers.length > 0) {
      if (record === undefined) return
      this.#connections.push(record)
      if (this.#connections.length > TRAFFIC_LIMITS.connections) this.#connections.shift()
      return
    }
    this.#unhandledCount++
    const request = new Request(context.url, { headers: { connection: 'upgrade', upgrade: 'websocket' } })
    this.#pushUnhandled({ kind: 'websocket', request, method: 'GET', url, requestId: context.requestId, time: Date.now() })
  }

  #pushUnhandled(record: UnhandledRequestRecord): void {
    this.#unhandled.push(record)
    if (this.#unhandled.length > TRAFFIC_LIMITS.unhandledRequests) this.#unhandled.shift()
  }

  /** The WebSocket connections handlers took, oldest first. */
  get connections(): readonly WebSocketConnectionRecord[] {
    return this.#connections.slice()
  }

  /** The recent connections, handled or not, oldest first. */
  get recentConnections(): readonly RecentConnection[] {
    return this.#recentConnections.slice()
  }

  /** The recent requests, oldest first. */
  get recent(): readonly RecentRequest[] {
    if (this.#recent.length < TRAFFIC_LIMITS.recentRequests) return this.#recent.slice()
    return [...this.#recent.slice(this.#recentNext), ...this.#recent.slice(0, this.#recentNext)]
  }

  get unhandled(): readonly UnhandledRequestRecord[] {
    return this.#unhandled.slice()
  }

  get unhandledCount(): number {
    return this.#unhandledCount
  }

  clear(): void {
    this.#recent.length = 0
    this.#recentNext = 0
    this.#unhandled = []
    this.#unhandledCount = 0
    this.#connections = []
    this.#recentConnections = []
  }
}

const TRAFFIC = Symbol('mock traffic')

/** The records of `scope`, created on first use. @internal */
export function scopeTraffic(scope: HandlerScope): ScopeTraffic {
  let traffic = scope.extensions.get(TRAFFIC) as ScopeTraffic | undefined
  if (traffic === undefined) scope.extensions.set(TRAFFIC, (traffic = new ScopeTraffic()))
  return traffic
}
