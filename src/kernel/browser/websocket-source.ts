// Loaded with `import()` by setupWorker's start(): pages that never start
// mocking do not download the interceptor.
import { WebSocketInterceptor } from '@mswjs/interceptors/WebSocket'
import type { ExchangeSink, Source } from '../contracts.js'
import { message } from '../errors.js'
import { interceptedWebSocketExchange } from '../websocket-exchange.js'

/**
 * The page's WebSocket source. A Service Worker never sees WebSocket traffic,
 * so whatever the interception mode, `globalThis.WebSocket` is patched in the
 * page itself (with @mswjs/interceptors, as in Node): each `new WebSocket(url)`
 * becomes a `WebSocketExchange` for the runtime, and `server.connect()` (or an
 * unhandled connection let through) opens a real socket with the page's
 * original `WebSocket` class. Stopping it restores the class; sockets already
 * open stay as they are. Where another runtime patches the class already,
 * starting fails and says so.
 */
export function pageWebSocketSource(): Source {
  return {
    name: 'page-websocket',
    start(sink: ExchangeSink) {
      const interceptor = new WebSocketInterceptor()
      try {
        interceptor.on('connection', async (connection) => {
          await sink(interceptedWebSocketExchange(connection))
        })
        interceptor.apply()
      } catch (error) {
        throw new Error(message('Another mocklib runtime already patches WebSocket in this page.', 'Call stop() on it before start() on this one.'), { cause: error })
      }
      return () => interceptor.dispose()
    },
  }
}
