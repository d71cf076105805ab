import { brandAsHandler, type ConnectionContext, type Handler, type HandlerInfo, type IndexKey, type RequestContext } from '../../kernel/index.js'
import { compilePath, type CompiledPath } from '../http/path-pattern.js'
import { listenerFailure, ListenerTable, type ListenerScope } from './listener-wrapper.js'
import { webSocketIndexKey } from './ws-channel.js'
import { WebSocketClient, WebSocketServer } from './ws-connection.js'
import type { RawClientConnection, RawServerConnection, WebSocketConnectionInfo } from './ws-events.js'
import type { WebSocketData } from './ws-types.js'

/** RFC 6455: the server met a condition it could not handle. */
const INTERNAL_ERROR = 1011

/**
 * What a `connection` listener receives.
 *
 * @example
 * link.addEventListener('connection', ({ client, server, params, info }) => {
 *   if (!info.protocols?.includes('chat.v2')) client.close(4000, 'chat.v2 required')
 * })
 */
export interface WebSocketConnectionInfoArgument<Params, Incoming, Outgoing> {
  readonly client: WebSocketClient<Incoming, Outgoing>
  readonly server: WebSocketServer<Incoming>
  /** Params of the link URL, URL-decoded. */
  readonly params: Params
  /** `protocols` as the application passed them to `new WebSocket(url, protocols)`. */
  readonly info: WebSocketConnectionInfo
}

/**
 * A `connection` listener.
 *
 * @example
 * const greet: WebSocketConnectionListener<{ room: string }, WebSocketData, WebSocketData> = ({ client, params }) =>
 *   client.send(`welcome to ${params.room}`)
 */
export type WebSocketConnectionListener<Params, Incoming, Outgoing> = (
  connection: WebSocketConnectionInfoArgument<Params, Incoming, Outgoing>,
) => unknown

/** What the connection objects of a WebSocket exchange look like (see the Node and browser sources). */
interface ConnectionObjects {
  readonly client: RawClientConnection
  readonly server: RawServerConnection
  readonly info: WebSocketConnectionInfo
}

/** What a handler shares with the other handlers of its link. @internal */
export interface LinkCore {
  readonly url: string | RegExp
  readonly header: string
  readonly parse?: ((data: WebSocketData) => unknown) | undefined
  /** Records a client the link has (for `clients` and `broadcast`). */
  track(client: WebSocketClient<any, any>): void
}

/**
 * A WebSocket handler: one `connection` listener of one link, made by
 * `link.addEventListener('connection', listener)`. Every handler whose URL
 * matches gets the connection (as msw); `respond` attaches the listener and
 * answers nothing.
 *
 * @example
 * const chat = ws.link('wss://chat.example/:room')
 * const handler = chat.addEventListener('connection', ({ client }) => client.send('hi'))
 * handler.info.header // 'ws wss://chat.example/:room'
 */
export class WebSocketHandler<Params = Record<string, string>, Incoming = WebSocketData, Outgoing = WebSocketData>
  implements Handler<Record<string, string>, ConnectionContext>
{
  readonly kind = 'websocket' as const
  readonly info: HandlerInfo
  readonly #link: LinkCore
  readonly #listener: WebSocketConnectionListener<Params, Incoming, Outgoing>
  readonly #path: CompiledPath | undefined
  #indexKey: IndexKey | undefined

  /** @internal Made by `link.addEventListener('connection', …)`. */
  constructor(link: LinkCore, listener: WebSocketConnectionListener<Params, Incoming, Outgoing>) {
    brandAsHandler(this)
    this.#link = link
    this.#listener = listener
    this.info = { kind: 'ws', header: link.header }
    this.#path = typeof link.url === 'string' ? compilePath(link.url, 'ws.link()') : undefined
  }

  get indexKey(): IndexKey {
    return (this.#indexKey ??= webSocketIndexKey(this.#link.url))
  }

  /** The params of a connection this handler takes, or `undefined`. */
  match(context: ConnectionContext): Record<string, string> | undefined {
    const { url } = this.#link
    if (typeof url !== 'string') {
      url.lastIndex = 0
      const found = url.exec(context.url.href)
      return found === null ? undefined : { ...found.groups }
    }
    // compilePath reads only `url` and `memo`, which a connection context has.
    return this.#path!.match(context as unknown as RequestContext)
  }

  /** Gives the connection to the listener. Returns `undefined`: a connection has no response. */
  respond(params: Record<string, string>, context: ConnectionContext): undefined {
    const raw = context.exchange.connection as ConnectionObjects
    const header = this.#link.header
    const scope: ListenerScope = {
      owner: this,
      parse: this.#link.parse,
      fail: (error, where) => {
        console.error(listenerFailure(header, where), error)
        raw.client.close(INTERNAL_ERROR, 'mocklib: handler error')
      },
    }
    const client = new WebSocketClient<Incoming, Outgoing>(raw.client, new ListenerTable(scope))
    const server = new WebSocketServer<Incoming>(raw.server, new ListenerTable(scope))
    this.#link.track(client)
    let result: unknown
    try {
      result = this.#listener({ client, server, params: params as Params, info: raw.info })
    } catch (error) {
      // The runtime reports the error (as a resolver error); the client sees 1011.
      raw.client.close(INTERNAL_ERROR, 'mocklib: handler error')
      throw error
    }
    if (result instanceof Promise) result.catch((error: unknown) => scope.fail(error, 'the "connection" listener'))
    return undefined
  }

  /** A connection listener has no use limit. */
  claim(): boolean {
    return true
  }

  unclaim(): void {}

  restore(): void {}
}
