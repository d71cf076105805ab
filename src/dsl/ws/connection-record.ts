import type { WebSocketData } from './ws-types.js'

/**
 * `incoming`: the application's socket sent it; `outgoing`: it was sent to it. `data` is the raw frame.
 *
 * @example
 * handler.connections[0]?.messages.map((entry) => `${entry.direction} ${String(entry.data)}`)
 */
export interface WebSocketMessageRecord {
  readonly direction: 'incoming' | 'outgoing'
  readonly data: WebSocketData
  /** When it was seen (`Date.now()`). */
  readonly time: number
}

/**
 * How a recorded connection closed (whoever closed it).
 *
 * @example
 * expect(handler.connections[0]?.closed).toMatchObject({ code: 1000 })
 */
export interface WebSocketCloseRecord {
  readonly code: number
  readonly reason: string
  readonly time: number
}

/**
 * One mocked WebSocket connection, as a handler, a link and `server.webSocketConnections()` list it.
 *
 * @example
 * const [connection] = chat.connections
 * expect(connection?.params).toEqual({ room: 'lobby' })
 * expect(connection?.messages.map((entry) => entry.direction)).toEqual(['incoming', 'outgoing'])
 */
export interface WebSocketConnectionRecord<Params = Record<string, string>> {
  /** The connection's id (`client.id` in the listeners). */
  readonly id: string
  readonly url: string
  /** Params of the link URL that took it (the first link, in the server's history). */
  readonly params: Params
  /** The subprotocols the application asked for. */
  readonly protocols: readonly string[]
  /** Oldest first; the last `CONNECTION_MESSAGE_LIMIT` are kept. */
  readonly messages: readonly WebSocketMessageRecord[]
  /** How many messages went over the connection (all of them, not only the kept ones). */
  readonly messageCount: number
  /** `undefined` while the connection is open. */
  readonly closed: WebSocketCloseRecord | undefined
  /** When it was opened (`Date.now()`). */
  readonly time: number
}

/** How many messages a connection record keeps (the oldest go first). */
export const CONNECTION_MESSAGE_LIMIT = 1000

export interface ConnectionLog {
  view<Params>(params: Params): WebSocketConnectionRecord<Params>
}

/** By client end; here so that the history reads it without loading take-connection.ts. */
export const connectionLogs = new WeakMap<object, ConnectionLog>()
