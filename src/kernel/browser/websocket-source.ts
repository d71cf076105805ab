import { WebSocketInterceptor } from '@mswjs/interceptors/WebSocket'
import type { ExchangeSink, Source } from '../contracts.js'
import { message } from '../errors.js'
import { interceptedWebSocketExchange } from '../websocket-exchange.js'

/** A Service Worker never sees WebSockets: every mode patches the page's class. Sockets open at `stop()` stay. */
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
