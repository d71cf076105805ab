import type { ConnectionContext, ConnectionObserver, Handler, HandlerList, RequestContext, TrafficObserver } from '../../../kernel/index.js'
import { connectionLogs } from '../../ws/connection-record.js'
import type { WebSocketConnectionRecord } from '../../ws/index.js'
import type { MockHandler } from '../mock-handler.js'
import { scopeTraffic } from './scope-traffic.js'

/**
 * True for a handler made by `mock.*`, told by its `info.kind`: an `instanceof` would make every browser app carry the
 * class (what the page's lazy history chunk imports from the core joins the app's initial bundle).
 */
export function isMock(handler: unknown): handler is MockHandler {
  return (handler as { info?: { kind?: unknown } } | undefined)?.info?.kind === 'mock'
}

const loadingMocks = new WeakMap<HandlerList, readonly MockHandler[]>()

const isLoadingMock = (handler: Handler): handler is MockHandler => isMock(handler) && handler.loads

/** The mocks of `list` with asynchronous steps, memoized per list (a list made by `use()` or a boundary extends its base). */
function mocksThatLoad(list: HandlerList): readonly MockHandler[] {
  let mocks = loadingMocks.get(list)
  if (mocks === undefined) {
    const { base } = list
    if (base === undefined) mocks = list.handlers.filter(isLoadingMock)
    else {
      const own = list.handlers.slice(0, list.handlers.length - base.handlers.length).filter(isLoadingMock)
      const inherited = mocksThatLoad(base)
      mocks = own.length === 0 ? inherited : [...own, ...inherited]
    }
    loadingMocks.set(list, mocks)
  }
  return mocks
}

function record(context: RequestContext, handler: Handler | undefined): void {
  const traffic = scopeTraffic(context.scope)
  traffic.recent.push({ context, handler })
  if (handler === undefined) traffic.addUnhandled(context)
  // Read what asynchronous steps need now if no mock did, so that assertDone() can say why such a step rejected it.
  for (const mock of mocksThatLoad(context.scope.list)) if (!mock.isDone()) mock.prefetch(context)
}

/** The traffic observer behind history and assertions: records each request and connection in its scope. */
export function createTrafficRecorder(): TrafficObserver & ConnectionObserver {
  return {
    onHandled: (context, handler) => record(context, handler),
    onUnhandled: (context) => record(context, undefined),
    onConnection: recordConnection,
  }
}

/** A WebSocket connection: its record (made by the first handler that took it), or an unhandled entry. */
function recordConnection(context: ConnectionContext, handlers: readonly Handler[]): void {
  // A ws.link handler, found without loading its class.
  const first = handlers.find((handler) => Array.isArray((handler as { connections?: unknown }).connections)) as
    | { readonly connections: readonly WebSocketConnectionRecord[] }
    | undefined
  const own = first?.connections.findLast((connection) => connection.id === context.requestId)
  const client: object | undefined = context.exchange.connection?.client
  const logged = own === undefined && client !== undefined && handlers.length > 0 ? connectionLogs.get(client)?.view({}) : undefined
  scopeTraffic(context.scope).addConnection(context, handlers, own ?? logged)
}
