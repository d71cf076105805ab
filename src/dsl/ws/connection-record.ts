import type { RawClientConnection, RawServerConnection } from './ws-events.js'
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

/** What every handler and link of one connection share: its traffic. @internal */
export class ConnectionLog {
  // A ring: once full, each message overwrites the oldest (no O(n) shift per message).
  readonly #ring: WebSocketMessageRecord[] = []
  #next = 0
  messageCount = 0
  closed: WebSocketCloseRecord | undefined
  readonly time = Date.now()

  constructor(
    readonly id: string,
    readonly url: string,
    readonly protocols: readonly string[],
  ) {}

  add(direction: 'incoming' | 'outgoing', data: WebSocketData): void {
    this.messageCount++
    const entry = { direction, data, time: Date.now() }
    if (this.#ring.length < CONNECTION_MESSAGE_LIMIT) this.#ring.push(entry)
    else this.#ring[this.#next] = entry
    this.#next = (this.#next + 1) % CONNECTION_MESSAGE_LIMIT
  }

  /** The kept messages, oldest first. */
  get messages(): WebSocketMessageRecord[] {
    const ring = this.#ring
    return ring.length < CONNECTION_MESSAGE_LIMIT ? ring.slice() : [...ring.slice(this.#next), ...ring.slice(0, this.#next)]
  }

  /** A record of this connection with the params one link gave it. */
  view<Params>(params: Params): WebSocketConnectionRecord<Params> {
    const log = this
    return {
      id: log.id,
      url: log.url,
      params,
      protocols: log.protocols,
      get messages() {
        return log.messages
      },
      get messageCount() {
        return log.messageCount
      },
      get closed() {
        return log.closed
      },
      time: log.time,
    }
  }
}

const logs = new WeakMap<object, ConnectionLog>()

/**
 * The log of the connection whose ends are `client` and `server`, made (and
 * wired to their events) by the first handler that takes it: incoming
 * messages are the client end's `message` events; outgoing ones are what is
 * sent through the client end, and the real server's messages no listener
 * prevented; the close is the client end's `close` event.
 * @internal
 */
export function connectionLog(client: RawClientConnection, server: RawServerConnection, protocols: readonly string[]): ConnectionLog {
  let log = logs.get(client)
  if (log !== undefined) return log
  const created = new ConnectionLog(client.id, client.url.href, protocols)
  log = created
  logs.set(client, created)
  client.addEventListener('message', (event: { data: WebSocketData }) => created.add('incoming', event.data))
  client.addEventListener('close', (event: { code: number; reason: string }) => {
    created.closed ??= { code: event.code, reason: event.reason, time: Date.now() }
  })
  const send = client.send
  // An own property on this connection's end only: everything sent to the client goes through it.
  ;(client as { send: RawClientConnection['send'] }).send = function (this: RawClientConnection, data: WebSocketData) {
    created.add('outgoing', data)
    return send.call(this, data)
  }
  server.addEventListener('message', (event: { data: WebSocketData; defaultPrevented: boolean }) => {
    // Forwarded after every listener ran, unless one prevented it.
    queueMicrotask(() => {
      if (!event.defaultPrevented) created.add('outgoing', event.data)
    })
  })
  return created
}

/** The log of a connection some handler took, if any. @internal */
export function existingConnectionLog(client: object): ConnectionLog | undefined {
  return logs.get(client)
}
