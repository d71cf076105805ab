import { ContextScratchpad } from './context-scratchpad.js'
import type { ExchangeContext, WebSocketExchange } from './contracts.js'
import type { HandlerScope } from './handler-scope.js'

/**
 * What WebSocket handlers see while they match a connection: the exchange
 * (its URL, protocols and connection objects), with the usual memo and notes.
 */
export class ConnectionContext extends ContextScratchpad implements ExchangeContext {
  constructor(
    readonly exchange: WebSocketExchange,
    readonly scope: HandlerScope,
  ) {
    super()
  }

  get requestId(): string {
    return this.exchange.id
  }

  get url(): URL {
    return this.exchange.url
  }
}

/**
 * Offers a connection to the WebSocket handlers of `scope` in list order.
 * Unlike a request, a connection goes to EVERY handler that matches (as msw:
 * several links may listen to one socket). Resolves `true` when at least one
 * took it. A handler that throws is reported through `onError` and the others
 * still get the connection.
 */
export async function dispatchConnection(
  scope: HandlerScope,
  exchange: WebSocketExchange,
  onError: (error: unknown) => void,
): Promise<boolean> {
  const context = new ConnectionContext(exchange, scope)
  const { list } = scope
  const found = list.candidates('websocket', context)
  const positions = found instanceof Promise ? await found : found
  let taken = false
  for (const position of positions) {
    const handler = list.handlers[position]!
    const matching = handler.match(context)
    const match = matching instanceof Promise ? await matching : matching
    if (match === undefined || !handler.claim()) continue
    taken = true
    try {
      await handler.respond(match, context)
    } catch (error) {
      onError(error)
    }
  }
  return taken
}
