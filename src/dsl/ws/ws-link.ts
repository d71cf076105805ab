import { message } from '../../kernel/index.js'
import type { WebSocketConnectionRecord } from './connection-record.js'
import { RecentList } from '../shared/recent-list.js'
import { CONNECTION_RECORD_LIMIT, WebSocketHandler, type WebSocketHandlerOptions } from './websocket-handler.js'
import type { LinkCore, WebSocketClient, WebSocketConnectionListener } from './ws-connection.js'
import type { WebSocketData } from './ws-types.js'

/**
 * A WebSocket server described by its URL (msw's link).
 *
 * @example
 * const chat = ws.link('wss://chat.example/:room')
 * server.use(chat.addEventListener('connection', ({ client }) => chat.broadcastExcept(client, 'someone joined')))
 */
export interface WebSocketLink<Params = Record<string, string>, Incoming = WebSocketData, Outgoing = WebSocketData> {
  /** The open connections this link's handlers took. */
  readonly clients: Set<WebSocketClient<Incoming, Outgoing>>
  /** The connections its handlers took, oldest first (the last `CONNECTION_RECORD_LIMIT`), each once. */
  readonly connections: readonly WebSocketConnectionRecord<Params>[]
  /** A handler running `listener` for each connection; `{ once: true }` or `{ times: n }` limit it. */
  addEventListener(
    event: 'connection',
    listener: WebSocketConnectionListener<Params, Incoming, Outgoing>,
    options?: WebSocketHandlerOptions,
  ): WebSocketHandler<Params, Incoming, Outgoing>
  /** Sends `data` to every client of the link. */
  broadcast(data: Outgoing): void
  /** Sends `data` to every client of the link except the given ones. */
  broadcastExcept(clients: WebSocketClient<any, any> | readonly WebSocketClient<any, any>[], data: Outgoing): void
}

export function createLink<Params, Incoming, Outgoing>(
  url: string | RegExp,
  parse: ((data: WebSocketData) => unknown) | undefined,
  expected = false,
): WebSocketLink<Params, Incoming, Outgoing> {
  if (typeof url !== 'string' && !(url instanceof RegExp)) {
    throw new TypeError(message(`ws.link() expects a URL string or a RegExp, but got ${url === null ? 'null' : typeof url}.`, 'Pass a URL such as "wss://chat.example/:room".'))
  }
  if (parse !== undefined && typeof parse !== 'function') {
    throw new TypeError(message(`ws.link() got a "parse" option that is not a function (${typeof parse}).`, 'Pass a function such as ws.json.'))
  }
  const byId = new Map<string, WebSocketClient<Incoming, Outgoing>>()
  const records = new RecentList<WebSocketConnectionRecord<Params>>(CONNECTION_RECORD_LIMIT)
  const core: LinkCore = {
    url,
    header: `ws ${String(url)}`,
    parse,
    expected,
    remember(record) {
      if (!records.items().some((known) => known.id === record.id)) records.push(record)
    },
    track(client) {
      if (byId.has(client.id)) return
      byId.set(client.id, client)
      client.connection.addEventListener('close', () => byId.delete(client.id))
    },
  }
  return {
    get clients() {
      return new Set(byId.values())
    },
    get connections() {
      return records.items()
    },
    addEventListener(event, listener, options) {
      if (event !== 'connection') {
        throw new TypeError(message(`ws.link().addEventListener() got the event "${String(event)}"; links only have "connection".`, 'Listen to "message" and "close" on the client inside the connection listener.'))
      }
      if (typeof listener !== 'function') {
        throw new TypeError(message(`ws.link("${String(url)}").addEventListener("connection") expects a listener function, but got ${typeof listener}.`))
      }
      if (options !== undefined && (typeof options !== 'object' || options === null)) {
        throw new TypeError(message(`ws.link("${String(url)}").addEventListener("connection") got options that are not an object (${options === null ? 'null' : typeof options}).`, 'Pass { once: true } or { times: n }, or leave them out.'))
      }
      return new WebSocketHandler(core, listener, options)
    },
    broadcast(data) {
      for (const client of byId.values()) client.send(data)
    },
    broadcastExcept(clients, data) {
      const skipped = new Set((Array.isArray(clients) ? clients : [clients]).map((client) => (client as WebSocketClient).id))
      for (const client of byId.values()) if (!skipped.has(client.id)) client.send(data)
    },
  }
}
