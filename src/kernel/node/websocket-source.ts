// A static import (see load-interceptors.ts): bundlers must see the dependency.
// Reached from `mocklib/node` only.
import { WebSocketInterceptor } from '@mswjs/interceptors/WebSocket'
import type { ExchangeSink, Source } from '../contracts.js'
import { interceptedWebSocketExchange } from '../websocket-exchange.js'
import { interceptUpgradeRequests } from './websocket-upgrade.js'

// Shared with the page's WebSocket source (src/kernel/browser), hence in the kernel.
export type { InterceptedWebSocketConnection } from '../websocket-exchange.js'

/**
 * The source of WebSocket exchanges in Node: patches `globalThis.WebSocket`
 * (Node's built-in client, and every library that uses it) with
 * @mswjs/interceptors' WebSocket interceptor. Each `new WebSocket(url)`
 * becomes a `WebSocketExchange`; the runtime decides:
 * - `accept()`: a handler took it, the connection stays mocked;
 * - `passthrough()`: connect to the real server, events flow both ways;
 * - `errorWith()`: the client sees `error`, then `close` with code 1011.
 *
 * It also takes the clients that connect with a node:http upgrade request (the
 * `ws` npm package's client, and libraries built on it): see
 * `interceptUpgradeRequests`.
 *
 * @example
 * const runtime = createRuntime({ store, sources: [createWebSocketSource()] })
 * runtime.start()
 */
export function createWebSocketSource(): Source {
  return {
    name: 'websocket',
    start(sink: ExchangeSink) {
      const interceptor = new WebSocketInterceptor()
      interceptor.on('connection', async ({ client, server, info }) => {
        await sink(interceptedWebSocketExchange({ client, server, info }))
      })
      interceptor.apply()
      // MOCKLIB_HTTP_LAYER=socket leaves node:http untouched (sockets only), `ws` clients included.
      const restoreUpgrades = process.env.MOCKLIB_HTTP_LAYER === 'socket' ? () => {} : interceptUpgradeRequests(sink)
      return () => {
        restoreUpgrades()
        interceptor.dispose()
      }
    },
  }
}
