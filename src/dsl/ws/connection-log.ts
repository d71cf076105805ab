// Loaded with the first connection a WebSocket handler takes (see ws-channel.ts), not by `import 'mocklib'`.
import { CONNECTION_MESSAGE_LIMIT, connectionLogs, type WebSocketCloseRecord, type WebSocketConnectionRecord, type WebSocketMessageRecord } from './connection-record.js'
import type { RawClientConnection, RawServerConnection } from './ws-events.js'
import type { WebSocketData } from './ws-types.js'

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

/**
 * The log of the connection whose ends are `client` and `server`, made (and
 * wired to their events) by the first handler that takes it: incoming
 * messages are the client end's `message` events; outgoing ones are what is
 * sent through the client end, and the real server's messages no listener
 * prevented; the close is the client end's `close` event.
 * @internal
 */
export function connectionLog(client: RawClientConnection, server: RawServerConnection, protocols: readonly string[]): ConnectionLog {
  let log = connectionLogs.get(client)
  if (log !== undefined) return log
  const created = new ConnectionLog(client.id, client.url.href, protocols)
  log = created
  connectionLogs.set(client, created)
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
