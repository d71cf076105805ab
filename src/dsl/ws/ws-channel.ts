import type { Channel, ExchangeContext, IndexKey, WebSocketExchange } from '../../kernel/index.js'

/**
 * WebSocket handlers are filed by the lower-case host of their URL
 * (`chat.example:8080`), or under `*` when the host is not static (a RegExp,
 * a wildcard or a param in the host, a relative path). A connection looks in
 * its own host's bucket and in `*`.
 */
export const webSocketChannel: Channel<ExchangeContext> = {
  name: 'websocket',
  requestKeys(context) {
    const { exchange } = context
    if (exchange.kind !== 'websocket') return null
    return [(exchange as WebSocketExchange).url.host.toLowerCase(), ANY_HOST]
  },
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
