// Loaded with the first connection a WebSocket handler is offered, not by `import 'mocklib'`.
import { message, type ConnectionContext } from '../../kernel/index.js'
import {
  CONNECTION_MESSAGE_LIMIT,
  connectionLogs,
  type ConnectionLog,
  type WebSocketCloseRecord,
  type WebSocketConnectionRecord,
  type WebSocketMessageRecord,
} from './connection-record.js'
import { RecentList } from '../shared/recent-list.js'
import { WebSocketClient, WebSocketServer, type LinkCore, type ListenerTable, type WebSocketConnectionListener } from './ws-connection.js'
import type { RawClientConnection, RawServerConnection, WebSocketConnectionEnds, WebSocketEvent, WebSocketListener, WebSocketMessageEvent } from './ws-events.js'
import type { WebSocketData } from './ws-types.js'

/** RFC 6455: the server met a condition it could not handle. */
const INTERNAL_ERROR = 1011

interface TakenBy {
  /** For cross-handler `stopPropagation`. */
  readonly owner: object
  readonly link: LinkCore
  readonly listener: WebSocketConnectionListener<any, any, any>
  /** Before the listener runs. */
  record(record: WebSocketConnectionRecord<any>): void
}

/**
 * A listener that throws synchronously throws here (the dispatcher fails the connection, as msw);
 * a later error closes the client with 1011.
 */
export function takeConnection(by: TakenBy, params: Record<string, string>, context: ConnectionContext<WebSocketConnectionEnds>): void {
  const ends = context.exchange.connection
  const scope: ListenerScope = {
    owner: by.owner,
    self: ends.client.socket,
    handlers: handlersOf(ends.client),
    parse: by.link.parse,
    fail: (error, where) => {
      console.error(message(`${where} of the WebSocket handler "${by.link.header}" threw; the client was closed with code 1011.`, 'See the error that follows.'), error)
      context.report(error)
      try {
        ends.client.close(INTERNAL_ERROR, 'mocklib: handler error')
      } catch {
        // Already closed (a "close" listener threw): nothing left to close.
      }
    },
  }
  by.record(connectionLog(ends.client, ends.server, context.exchange.protocols).view(params))
  const client = new WebSocketClient(ends.client, new ListenerWrapper(scope))
  const server = new WebSocketServer(ends.server, new ListenerWrapper(scope))
  by.link.track(client)
  const result = by.listener({ client, server, params, info: ends.info })
  if (result instanceof Promise) result.catch((error: unknown) => scope.fail(error, 'the "connection" listener'))
}

const handlerCounts = new WeakMap<object, { count: number }>()

function handlersOf(client: object): { count: number } {
  const counter = handlerCounts.get(client) ?? { count: 0 }
  handlerCounts.set(client, counter)
  counter.count++
  return counter
}

class SharedConnectionLog implements ConnectionLog {
  readonly #messages = new RecentList<WebSocketMessageRecord>(CONNECTION_MESSAGE_LIMIT)
  closed: WebSocketCloseRecord | undefined
  readonly time = Date.now()

  constructor(
    readonly id: string,
    readonly url: string,
    readonly protocols: readonly string[],
  ) {}

  add(direction: 'incoming' | 'outgoing', data: WebSocketData): void {
    this.#messages.push({ direction, data, time: Date.now() })
  }

  view<Params>(params: Params): WebSocketConnectionRecord<Params> {
    const log = this
    return {
      id: log.id,
      url: log.url,
      params,
      protocols: log.protocols,
      get messages() {
        return log.#messages.items()
      },
      get messageCount() {
        return log.#messages.count
      },
      get closed() {
        return log.closed
      },
      time: log.time,
    }
  }
}

/**
 * Made and wired by the first handler that takes the connection: incoming is the client end's
 * `message`; outgoing is what is sent through the client end plus the real server's messages no
 * listener prevented.
 */
function connectionLog(client: RawClientConnection, server: RawServerConnection, protocols: readonly string[]): ConnectionLog {
  const known = connectionLogs.get(client)
  if (known !== undefined) return known
  const log = new SharedConnectionLog(client.id, client.url.href, protocols)
  connectionLogs.set(client, log)
  client.addEventListener('message', (event: { data: WebSocketData }) => log.add('incoming', event.data))
  client.addEventListener('close', (event: { code: number; reason: string }) => {
    log.closed ??= { code: event.code, reason: event.reason, time: Date.now() }
  })
  const send = client.send
  // An own property on this connection's end only: everything sent to the client goes through it.
  ;(client as { send: RawClientConnection['send'] }).send = function (this: RawClientConnection, data: WebSocketData) {
    log.add('outgoing', data)
    return send.call(this, data)
  }
  server.addEventListener('message', (event: { data: WebSocketData; defaultPrevented: boolean }) => {
    // Forwarded after every listener ran, unless one prevented it.
    queueMicrotask(() => {
      if (!event.defaultPrevented) log.add('outgoing', event.data)
    })
  })
  return log
}

interface ListenerScope {
  readonly owner: object
  /** With one handler, there is no other handler to stop. */
  readonly handlers: { count: number }
  /** The application's socket: msw binds listeners to it, on both ends. */
  readonly self: unknown
  readonly parse: ((data: any) => unknown) | undefined
  fail(error: unknown, where: string): void
}

class ListenerWrapper implements ListenerTable {
  readonly #wrapped = new Map<string, WeakMap<WebSocketListener, WebSocketListener>>()

  constructor(readonly scope: ListenerScope) {}

  wrap(type: string, listener: WebSocketListener, parseMessages: boolean): WebSocketListener {
    let byListener = this.#wrapped.get(type)
    if (byListener === undefined) this.#wrapped.set(type, (byListener = new WeakMap()))
    const existing = byListener.get(listener)
    if (existing !== undefined) return existing
    const { scope } = this
    const wrapped = function (this: unknown, event: WebSocketEvent): void {
      const self = scope.self ?? this
      if (scope.handlers.count > 1 && !enter(event, scope.owner)) return
      try {
        const view = parseMessages && scope.parse !== undefined && type === 'message' ? withData(event, parsed(event as WebSocketMessageEvent, scope.parse)) : event
        const result = listener.call(self, view)
        if (result instanceof Promise) result.catch((error: unknown) => scope.fail(error, `a "${type}" listener`))
      } catch (error) {
        scope.fail(error, `a "${type}" listener`)
      }
    }
    byListener.set(listener, wrapped)
    return wrapped
  }

  unwrap(type: string, listener: WebSocketListener): WebSocketListener | undefined {
    return this.#wrapped.get(type)?.get(listener)
  }
}

const parsedData = new WeakMap<WebSocketEvent, Map<unknown, unknown>>()

/** Once per event and parse function, however many listeners read it. */
function parsed(event: WebSocketMessageEvent, parse: (data: any) => unknown): unknown {
  let byParse = parsedData.get(event)
  if (byParse === undefined) parsedData.set(event, (byParse = new Map()))
  if (!byParse.has(parse)) byParse.set(parse, parse(event.data))
  return byParse.get(parse)
}

/** `preventDefault()` and `stopPropagation()` act on the original, which every listener shares. */
function withData<E extends WebSocketEvent>(event: E, data: unknown): E {
  return new Proxy(event, {
    get(target, key) {
      if (key === 'data') return data
      const value = Reflect.get(target, key, target)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}

interface PropagationState {
  current?: object
  stoppedBy?: object
}

const propagation = new WeakMap<WebSocketEvent, PropagationState>()

/**
 * msw's patching: `stopPropagation()` in one handler's listener stops every other handler's
 * listeners. False when another handler stopped `event`.
 */
function enter(event: WebSocketEvent, owner: object): boolean {
  let state = propagation.get(event)
  if (state === undefined) {
    const created: PropagationState = (state = {})
    propagation.set(event, created)
    const stop = event.stopPropagation
    event.stopPropagation = () => {
      created.stoppedBy ??= created.current
      stop.call(event)
    }
  }
  if (state.stoppedBy !== undefined && state.stoppedBy !== owner) return false
  state.current = owner
  return true
}
