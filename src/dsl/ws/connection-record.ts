import type { WebSocketData } from './ws-types.js'

/**
 * One message of a recorded connection. `incoming`: the application's socket
 * sent it; `outgoing`: the application's socket was sent it (by a handler, a
 * broadcast, or forwarded from the real server after `server.connect()`).
 * `data` is the raw frame data (text or binary), as it went over the socket.
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
 * The record of one mocked WebSocket connection, as a handler, a link and the
 * server's history (`server.webSocketConnections()`) list it.
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

/**
 * How many messages a connection record keeps (the oldest go first).
 *
 * @example
 * expect(record.messages.length).toBeLessThanOrEqual(CONNECTION_MESSAGE_LIMIT)
 */
export const CONNECTION_MESSAGE_LIMIT = 1000

/** The traffic of one connection, as every handler and link of it share it. @internal */
export interface ConnectionLog {
  /** A record of the connection with the params one link gave it. */
  view<Params>(params: Params): WebSocketConnectionRecord<Params>
}

/**
 * The log of each connection some handler took, by its client end. Filled by
 * the connection code (take-connection.ts, loaded with the first connection);
 * kept here so that the history reads it without loading that code.
 * @internal
 */
export const connectionLogs = new WeakMap<object, ConnectionLog>()

/** The log of a connection some handler took, if any. @internal */
export function existingConnectionLog(client: object): ConnectionLog | undefined {
  return connectionLogs.get(client)
}
