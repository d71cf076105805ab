import {
  brandAsHandler,
  message,
  type Channel,
  type ConnectionContext,
  type ExchangeContext,
  type Handler,
  type HandlerInfo,
  type IndexKey,
  type RequestContext,
  type WebSocketExchange,
} from '../../kernel/index.js'
import { onFirstUse } from '../../kernel/on-first-use.js'
import { compilePredicate, type CompiledPredicate } from '../http/http-predicate.js'
import type { WebSocketConnectionRecord } from './connection-record.js'
import { RecentList } from '../shared/recent-list.js'
import type { LinkCore, WebSocketConnectionListener } from './ws-connection.js'
import type { WebSocketData } from './ws-types.js'

/**
 * A use limit, as msw's `once`: a used-up handler takes no more connections until `restoreHandlers()`.
 *
 * @example
 * chat.addEventListener('connection', ({ client }) => client.send('first only'), { once: true })
 * chat.addEventListener('connection', ({ client }) => client.send('two of them'), { times: 2 })
 */
export interface WebSocketHandlerOptions {
  readonly once?: boolean
  readonly times?: number
}

/** How many connection records a handler, a link and a scope keep (the oldest go first). */
export const CONNECTION_RECORD_LIMIT = 100

/**
 * One `connection` listener of one link. Every handler whose URL matches gets the connection (as msw).
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
  readonly #url: CompiledPredicate
  #indexKey: IndexKey | undefined
  #limit = Number.POSITIVE_INFINITY
  #limitedBy: string | undefined
  #used = 0
  readonly #connections = new RecentList<WebSocketConnectionRecord<Params>>(CONNECTION_RECORD_LIMIT)

  /** @internal Made by `link.addEventListener('connection', …)`. */
  constructor(link: LinkCore, listener: WebSocketConnectionListener<Params, Incoming, Outgoing>, options?: WebSocketHandlerOptions) {
    brandAsHandler(this)
    this.#link = link
    this.#listener = listener
    this.info = { kind: 'ws', header: link.header }
    this.#url = compilePredicate(link.url, 'ws.link()')
    if (options?.times !== undefined) this.times(options.times)
    if (options?.once === true) this.once()
  }

  /** True for `mock.ws` links' handlers: `assertDone()` reports them until done. */
  get expected(): boolean {
    return this.#link.expected
  }

  /** Oldest first (the last `CONNECTION_RECORD_LIMIT`), with their messages. */
  get connections(): readonly WebSocketConnectionRecord<Params>[] {
    return this.#connections.items()
  }

  /** All of them, not only the kept records. */
  get connectionCount(): number {
    return this.#connections.count
  }

  /** A limited handler took all its connections, or an unlimited one took one. */
  isDone(): boolean {
    return Number.isFinite(this.#limit) ? this.connectionCount >= this.#limit : this.connectionCount > 0
  }

  /** `ws wss://chat.example/:room` */
  get description(): string {
    return this.info.header
  }

  /** `took 1 of 2 connections` or `never connected` */
  get progress(): string {
    const count = this.connectionCount
    if (!Number.isFinite(this.#limit)) return count === 0 ? 'never connected' : `took ${count} connections`
    return `took ${count} of ${this.#limit} ${this.#limit === 1 ? 'connection' : 'connections'}`
  }

  /**
   * Take exactly `count` connections (a whole number >= 1); later ones go to the other handlers.
   * @example mock.ws('wss://chat.example').addEventListener('connection', listener).times(2)
   */
  times(count: number): this {
    if (typeof count !== 'number' || !Number.isInteger(count) || count < 1) {
      throw new TypeError(message(`times() of the WebSocket handler "${this.info.header}" got ${String(count)}, but needs a whole number of at least 1.`, 'Leave the limit out to take any number of connections.'))
    }
    return this.#setLimit('times()', count)
  }

  /**
   * Take one connection only: `times(1)`.
   * @example mock.ws('wss://chat.example').addEventListener('connection', listener).once()
   */
  once(): this {
    return this.#setLimit('once()', 1)
  }

  #setLimit(modifier: string, limit: number): this {
    if (this.#limitedBy !== undefined) {
      throw new Error(message(`The WebSocket handler "${this.info.header}" got ${modifier} after ${this.#limitedBy}; a handler has one limit.`, 'Keep only one of them.'))
    }
    this.#limitedBy = modifier
    this.#limit = limit
    return this
  }

  get indexKey(): IndexKey {
    return (this.#indexKey ??= webSocketIndexKey(this.#link.url))
  }

  /** The params of a connection this handler takes. */
  match(context: ConnectionContext): Record<string, string> | undefined {
    // A compiled path or RegExp reads only `url` and `memo`, which a connection context has.
    return this.#url.match(context as unknown as RequestContext)
  }

  /** A connection has no response. */
  respond(params: Record<string, string>, context: ConnectionContext): undefined {
    const link = this.#link
    const code = connectionCode.loaded
    if (code === undefined) {
      throw new Error(message('A WebSocket handler was given a connection that no handler list looked up, so its connection code is not loaded.', 'Let setupServer() or setupWorker() dispatch connections instead of calling respond() directly.'))
    }
    code.takeConnection(
      {
        owner: this,
        link,
        listener: this.#listener,
        record: (record) => {
          this.#connections.push(record)
          link.remember(record)
        },
      },
      params,
      context,
    )
    return undefined
  }

  /** Synchronous, so parallel connections cannot overrun a limit. */
  claim(): boolean {
    if (this.#used >= this.#limit) return false
    this.#used++
    return true
  }

  unclaim(): void {
    if (this.#used > 0) this.#used--
  }

  /** `restoreHandlers()`: takes connections again and forgets the ones it took. */
  restore(): void {
    this.#used = 0
    this.#connections.clear()
  }
}

/**
 * Loaded while the first connection is looked up (before any handler matches it), so
 * `import 'mocklib'` does not compile it and `respond` finds it loaded.
 */
export const connectionCode = onFirstUse(() => import('./take-connection.js'))

/**
 * Handlers are filed by the lower-case host of their URL, or under `*` when it is not static; a
 * connection looks in its host's bucket and `*`. The first one waits here for `connectionCode`.
 */
const webSocketChannel: Channel<ExchangeContext> = {
  name: 'websocket',
  requestKeys(context) {
    const { exchange } = context
    if (exchange.kind !== 'websocket') return null
    const keys = [(exchange as WebSocketExchange).url.host.toLowerCase(), ANY_HOST]
    return connectionCode.loaded !== undefined ? keys : connectionCode.load().then(() => keys)
  },
}

const ANY_HOST = '*'

export function webSocketIndexKey(url: string | RegExp): IndexKey {
  return { channel: webSocketChannel, key: staticHost(url) ?? ANY_HOST }
}

function staticHost(url: string | RegExp): string | undefined {
  if (typeof url !== 'string') return undefined
  const found = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]+)/i.exec(url)
  if (found === null) return undefined
  const host = found[1]!
  if (/[*:]/.test(host.replace(/:\d+$/, ''))) return undefined
  // `new URL` drops default ports: ws://x:80 is filed as x.
  try {
    return new URL(url.replace(/^[a-z][a-z0-9+.-]*:/i, (scheme) => (scheme.toLowerCase() === 'wss:' ? 'https:' : 'http:'))).host.toLowerCase()
  } catch {
    return undefined
  }
}
