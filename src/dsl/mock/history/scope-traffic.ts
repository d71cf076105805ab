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
    const { request } = context
    this.#addUnhandled({ kind: 'http', request, method: context.method, url: request.url, requestId: context.requestId, time: Date.now() })
  }

  addConnection(context: ConnectionContext, handlers: readonly Handler[], record: WebSocketConnectionRecord | undefined): void {
    const url = context.url.href
    pushBounded(this.#recentConnections, { url, handlers }, TRAFFIC_LIMITS.recentRequests)
    if (handlers.length === 0) {
      const request = new Request(context.url, { headers: { connection: 'upgrade', upgrade: 'websocket' } })
      this.#addUnhandled({ kind: 'websocket', request, method: 'GET', url, requestId: context.requestId, time: Date.now() })
    } else if (record !== undefined) pushBounded(this.#connections, record, TRAFFIC_LIMITS.connections)
  }

  #addUnhandled(record: UnhandledRequestRecord): void {
    this.#unhandledCount++
    pushBounded(this.#unhandled, record, TRAFFIC_LIMITS.unhandledRequests)
  }

  get connections(): readonly WebSocketConnectionRecord[] {
    return this.#connections.slice()
  }

  get recentConnections(): readonly RecentConnection[] {
    return this.#recentConnections.slice()
  }

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

function pushBounded<Item>(list: Item[], item: Item, limit: number): void {
  list.push(item)
  if (list.length > limit) list.shift()
}

const TRAFFIC = Symbol('mock traffic')

/** The records of `scope`, created on first use. */
export function scopeTraffic(scope: HandlerScope): ScopeTraffic {
  let traffic = scope.extensions.get(TRAFFIC) as ScopeTraffic | undefined
  if (traffic === undefined) scope.extensions.set(TRAFFIC, (traffic = new ScopeTraffic()))
  return traffic
}
