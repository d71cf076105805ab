// Connection code: loaded with the first connection a WebSocket handler is offered (see ws-channel.ts),
// not by `import 'mocklib'`. What a handler does once it took a connection: its record, the client and
// server objects its listener gets, and the wrapping of the listeners added to them.
import type { ConnectionContext } from '../../kernel/index.js'
import { connectionLog } from './connection-log.js'
import type { WebSocketConnectionRecord } from './connection-record.js'
import { listenerFailure, ListenerTable, type ListenerScope } from './listener-wrapper.js'
import type { LinkCore, WebSocketConnectionListener } from './websocket-handler.js'
import { WebSocketClient, WebSocketServer } from './ws-connection.js'
import type { RawClientConnection, RawServerConnection, WebSocketConnectionInfo } from './ws-events.js'

/** RFC 6455: the server met a condition it could not handle. */
const INTERNAL_ERROR = 1011

/** What the connection objects of a WebSocket exchange look like (see the Node and browser sources). */
interface ConnectionObjects {
  readonly client: RawClientConnection
  readonly server: RawServerConnection
  readonly info: WebSocketConnectionInfo
}

/** The handler's side of a connection it took. */
export interface TakenBy {
  /** The handler (for cross-handler `stopPropagation`). */
  readonly owner: object
  readonly link: LinkCore
  readonly listener: WebSocketConnectionListener<any, any, any>
  /** Files the connection's record on the handler, before its listener runs. */
  record(record: WebSocketConnectionRecord<any>): void
}

const handlerCounts = new WeakMap<object, { count: number }>()

/** Counts the handlers that took the connection whose client end is `client` (this one included). */
function handlersOf(client: object): { count: number } {
  let counter = handlerCounts.get(client)
  if (counter === undefined) handlerCounts.set(client, (counter = { count: 0 }))
  counter.count++
  return counter
}

/**
 * Gives a connection a handler took to its `connection` listener: records it
 * (on the handler and its link), wraps the client and server ends, and runs
 * the listener. A listener that throws synchronously throws here (the
 * dispatcher fails the connection, as msw); a later error closes the client with 1011.
 *
 * @example
 * takeConnection({ owner: handler, link, listener, record: (entry) => records.push(entry) }, params, context)
 */
export function takeConnection(by: TakenBy, params: Record<string, string>, context: ConnectionContext): void {
  const raw = context.exchange.connection as ConnectionObjects
  const { link } = by
  const closeWithError = () => {
    try {
      raw.client.close(INTERNAL_ERROR, 'mocklib: handler error')
    } catch {
      // Already closed (a "close" listener threw): nothing left to close.
    }
  }
  const scope: ListenerScope = {
    owner: by.owner,
    self: raw.client.socket,
    handlers: handlersOf(raw.client),
    parse: link.parse,
    fail: (error, where) => {
      console.error(listenerFailure(link.header, where), error)
      // As a resolver error: the runtime emits `unhandledException`.
      context.report(error)
      closeWithError()
    },
  }
  const record = connectionLog(raw.client, raw.server, context.exchange.protocols).view(params)
  by.record(record)
  link.remember(record)
  const client = new WebSocketClient(raw.client, new ListenerTable(scope))
  const server = new WebSocketServer(raw.server, new ListenerTable(scope))
  link.track(client)
  // A throw here is the dispatcher's: it fails the connection (as msw: `error`, then close 1011 with the message).
  const result = by.listener({ client, server, params, info: raw.info })
  if (result instanceof Promise) result.catch((error: unknown) => scope.fail(error, 'the "connection" listener'))
}
