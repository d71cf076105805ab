import { message, type Channel, type ExchangeContext, type IndexKey, type WebSocketExchange } from '../../kernel/index.js'
import { onFirstUse } from '../../kernel/on-first-use.js'

/**
 * What a handler runs for a connection it took (its record, the client and
 * server ends, the listeners' wrapping): loaded while the first connection is
 * looked up, so `import 'mocklib'` does not compile it. Every connection is
 * looked up here before any handler matches it, so `respond` finds it loaded.
 */
export const connectionCode = onFirstUse(() => import('./take-connection.js'))

/**
 * WebSocket handlers are filed by the lower-case host of their URL
 * (`chat.example:8080`), or under `*` when the host is not static (a RegExp,
 * a wildcard or a param in the host, a relative path). A connection looks in
 * its own host's bucket and in `*`. The first connection waits for the
 * connection code (`connectionCode`) here, where the lookup may be async.
 */
export const webSocketChannel: Channel<ExchangeContext> = {
  name: 'websocket',
  requestKeys(context) {
    const { exchange } = context
    if (exchange.kind !== 'websocket') return null
    const keys = [(exchange as WebSocketExchange).url.host.toLowerCase(), ANY_HOST]
    return connectionCode.loaded !== undefined ? keys : connectionCode.load().then(() => keys)
  },
}

/**
 * The connection code, for a handler that took a connection (its lookup loaded it).
 *
 * @example
 * loadedConnectionCode().takeConnection(by, params, context)
 */
export function loadedConnectionCode(): NonNullable<typeof connectionCode.loaded> {
  const code = connectionCode.loaded
  if (code !== undefined) return code
  throw new Error(message('A WebSocket handler was given a connection that no handler list looked up, so its connection code is not loaded.', 'Let setupServer() or setupWorker() dispatch connections instead of calling respond() directly.'))
}

const ANY_HOST = '*'

/** The index key of a link URL. */
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
