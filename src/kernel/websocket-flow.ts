import type { Handler, WebSocketExchange } from './contracts.js'
import { asError, failInternally } from './errors.js'
import type { ExchangeFlow, FlowShared } from './exchange-flow.js'
import { applyUnhandledPolicy, unhandledPolicyReady } from './unhandled-policy.js'
import { decideByPolicy, dispatchConnection, type ConnectionContext, type ConnectionObserver } from './websocket-dispatch.js'

/** What a runtime's handlers made of a connection offered in a chain of runtimes. */
export interface ConnectionOffer {
  readonly taken: boolean
  /** Tells this runtime's observers (history) what became of the connection. */
  tell(): void
  /** Applies this runtime's unhandled-request policy. */
  decline(): void
}

export function createWebSocketFlow(runtime: FlowShared): ExchangeFlow<WebSocketExchange, Promise<ConnectionOffer>> {
  const { emitter, observers, store } = runtime

  async function handleWebSocket(exchange: WebSocketExchange): Promise<void> {
    try {
      const taken = await dispatchConnection(store.current(), exchange, reportError(exchange), observers)
      if (taken) return exchange.accept()
      const reporting = unhandledPolicyReady(runtime.onUnhandledRequest)
      if (reporting) await reporting
      applyPolicy(exchange)
    } catch (error) {
      failInternally(exchange, error)
    }
  }

  // Observers hear of the connection only once the chain of runtimes knows which one took it.
  async function offerConnection(exchange: WebSocketExchange): Promise<ConnectionOffer> {
    let outcome: { readonly context: ConnectionContext; readonly handlers: readonly Handler[] } | undefined
    const deferred: ConnectionObserver = { onConnection: (context, handlers) => void (outcome = { context, handlers }) }
    const taken = await dispatchConnection(store.current(), exchange, reportError(exchange), [deferred])
    const reporting = taken ? undefined : unhandledPolicyReady(runtime.onUnhandledRequest)
    if (reporting) await reporting
    return {
      taken,
      tell() {
        if (outcome) for (const observer of observers) (observer as ConnectionObserver).onConnection?.(outcome.context, outcome.handlers)
      },
      decline: () => applyPolicy(exchange),
    }
  }

  function reportError(exchange: WebSocketExchange): (error: unknown) => void {
    return (error) => emitter.emit('unhandledException', { request: connectionRequest(exchange), requestId: exchange.id, error: asError(error) })
  }

  function applyPolicy(exchange: WebSocketExchange): void {
    const verdict = applyUnhandledPolicy(runtime.onUnhandledRequest, connectionRequest(exchange), exchange.url, [])
    decideByPolicy(exchange)
    if (verdict.action === 'pass') exchange.passthrough()
    else exchange.errorWith(verdict.error)
  }

  return { handle: handleWebSocket, visit: offerConnection }
}

/** For events and the unhandled-request policy (its URL stays ws:/wss:). */
function connectionRequest(exchange: WebSocketExchange): Request {
  return new Request(exchange.url, { headers: { connection: 'upgrade', upgrade: 'websocket' } })
}
