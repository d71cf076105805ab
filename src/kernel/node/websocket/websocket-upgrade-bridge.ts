import type { ClientRequest, RequestOptions } from 'node:http'
import { duplexPair, type Duplex } from 'node:stream'
import type { ExchangeSink, WebSocketExchange } from '../../contracts.js'
import { createRequestId } from '../../request-context.js'
import { closeReason, INTERNAL_ERROR } from '../../websocket-exchange.js'
import { listenerFailureOf } from '../../websocket-dispatch.js'
import { BridgedServer, connectionInfo } from './websocket-bridge-ends.js'
import { BridgedClient } from './websocket-bridged-client.js'
import { acceptValueFor } from './websocket-frames.js'

// Loaded by the first upgrade request (websocket-upgrade.ts), or by a mock server's first one (../served/):
// a process without `ws` clients pays for none of it.

/** How one side answers a bridged upgrade: a `ws` client's request (an `upgrade` event), or the mock server (its socket). */
export interface UpgradeAnswers {
  /** 101: the connection goes on over `wire`. */
  upgrade(wire: Duplex, acceptValue: string, protocol: string | undefined): void
  passthrough(): void
  /** No handler took it and the unhandled-request policy refused it. */
  refuse(error: Error): void
  /** The client gave up meanwhile (it destroyed its request): it hears nothing more, not even a listener's 1011. */
  cancelled?(): boolean
}

/**
 * RFC 6455 over an in-memory socket pair (`wire` is the client's side): the first answer that goes out
 * settles it; one that threw leaves the runtime's internal-error path its say (`errorWith`).
 */
export function bridgedUpgrade(url: URL, key: string, protocolHeader: string | undefined, answers: UpgradeAnswers): WebSocketExchange {
  const protocols = (protocolHeader ?? '').split(',').map((item) => item.trim()).filter(Boolean)
  const [wire, handlerSide] = duplexPair()
  const client = new BridgedClient(createRequestId(), url, handlerSide, protocols[0] ?? '')
  const server = new BridgedServer(client, protocols)
  let settled = false
  const answer = (send: () => void): void => {
    if (settled || answers.cancelled?.()) return
    send()
    settled = true
  }
  const exchange: WebSocketExchange = {
    kind: 'websocket',
    id: client.id,
    url,
    protocols,
    connection: { client, server, info: connectionInfo(protocols) },
    accept: () => answer(() => answers.upgrade(wire, acceptValueFor(key), protocols[0])),
    passthrough: () => answer(() => answers.passthrough()),
    errorWith: (error) => {
      if (answers.cancelled?.()) return
      if (listenerFailureOf(exchange) === undefined) return answer(() => answers.refuse(error))
      // A handler took it and its listener threw: the handshake succeeded, then the server failed (1011).
      // The runtime's `accept()` that follows upgrades nothing more.
      exchange.accept()
      client.close(INTERNAL_ERROR, closeReason(error))
    },
  }
  return exchange
}

interface UpgradeRequest {
  readonly options: RequestOptions
  readonly secure: boolean
  readonly sink: ExchangeSink
  /** Set once destroyed by the caller. */
  aborted: boolean
  header(name: string): string | undefined
  sendReal(): ClientRequest
  emit(event: string, ...args: unknown[]): boolean
  destroy(): unknown
}

/** A `ws` client's: `errorWith()` emits `error`, or once a handler took it, closes with 1011. */
export function offerUpgrade(request: UpgradeRequest): void {
  const { options, secure } = request
  const host = String(options.hostname ?? options.host ?? 'localhost')
  const port = options.port !== undefined && options.port !== '' && Number(options.port) !== (secure ? 443 : 80) ? `:${options.port}` : ''
  const url = new URL(`${secure ? 'wss' : 'ws'}://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}${port}${options.path ?? '/'}`)
  const exchange = bridgedUpgrade(url, request.header('sec-websocket-key')!, request.header('sec-websocket-protocol'), {
    upgrade(wire, acceptValue, protocol) {
      const headers: Record<string, string> = {
        upgrade: 'websocket',
        connection: 'Upgrade',
        'sec-websocket-accept': acceptValue,
      }
      if (protocol !== undefined) headers['sec-websocket-protocol'] = protocol
      // ws reads these from a net.Socket beyond the Duplex interface.
      Object.assign(wire, { setTimeout: () => wire, setNoDelay: () => wire, setKeepAlive: () => wire })
      request.emit('upgrade', { statusCode: 101, statusMessage: 'Switching Protocols', headers }, wire, Buffer.alloc(0))
    },
    passthrough() {
      const real = request.sendReal()
      for (const event of ['upgrade', 'response', 'error', 'timeout'] as const) real.on(event, (...args: unknown[]) => request.emit(event, ...args))
      request.destroy = () => {
        request.aborted = true
        real.destroy()
        return request
      }
      real.end()
    },
    refuse: (error) => request.emit('error', error),
    cancelled: () => request.aborted,
  })
  void request.sink(exchange)
}
