import type { Source, WebSocketExchange } from '../contracts.js'
import { createRequestId } from '../request-context.js'
import type { RoutableLike, WebSocketRouteLike } from './playwright-shapes.js'
import { EVERY_URL, type RoutingWork } from './route-source.js'
import { RoutedClient, RoutedServer } from './websocket-route-ends.js'

const INTERNAL_ERROR = 1011

function routedWebSocketExchange(route: WebSocketRouteLike): WebSocketExchange {
  const url = new URL(route.url())
  const protocols = route.protocols?.() ?? []
  const client = new RoutedClient(createRequestId(), url, route)
  const server = new RoutedServer(client, route)
  return {
    kind: 'websocket',
    id: client.id,
    url,
    protocols,
    connection: { client, server, info: { protocols: protocols.length === 0 ? undefined : protocols } },
    accept() {
      // Mocked: Playwright opens the page's socket against no server once the route handler returns.
    },
    passthrough() {
      server.connect()
    },
    errorWith(error) {
      client.close(INTERNAL_ERROR, routeCloseReason(error))
    },
  }
}

/** Playwright has no `unrouteWebSocket()`: once stopped, the route connects each new socket to its real server. */
export function playwrightWebSocketSource(target: RoutableLike, work: RoutingWork): Source {
  let sink: ((exchange: WebSocketExchange) => Promise<void>) | undefined
  let routed = false
  return {
    name: 'playwright-websocket',
    start(next) {
      sink = next
      if (!routed && target.routeWebSocket !== undefined) {
        routed = true
        // The page's socket opens once this returns: the "connection" listeners have run by then.
        work.track(target.routeWebSocket(EVERY_URL, async (route) => (sink === undefined ? void route.connectToServer() : sink(routedWebSocketExchange(route)))))
      }
      return () => {
        sink = undefined
      }
    },
  }
}

// A copy of `closeReason`: it keeps the Playwright entry from sharing a build chunk with the Node entry.
function routeCloseReason(error: Error): string {
  const bytes = new TextEncoder().encode(error.message)
  return bytes.length <= 123 ? error.message : `${new TextDecoder().decode(bytes.slice(0, 120)).replace(/\uFFFD$/, '')}...`
}
