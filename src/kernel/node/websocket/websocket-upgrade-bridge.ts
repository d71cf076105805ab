import type { ClientRequest, RequestOptions } from 'node:http'
import { duplexPair, type Duplex } from 'node:stream'
import type { ExchangeSink, WebSocketExchange } from '../../contracts.js'
import { createRequestId } from '../../request-context.js'
import { closeReason } from '../../websocket-exchange.js'
import { listenerFailureOf } from '../../websocket-dispatch.js'
import { BridgedServer } from './websocket-bridge-ends.js'
import { BridgedClient } from './websocket-bridged-client.js'
import { acceptValueFor } from './websocket-frames.js'

// What answers a node:http upgrade request (the `ws` package's client): loaded by the
// first one (websocket-upgrade.ts), so that a process without such clients pays for none of it.

/** The upgrade request as the bridge answers it (websocket-upgrade.ts's `UpgradeRequest`). */
interface UpgradeRequest {
  readonly options: RequestOptions
  readonly secure: boolean
  readonly sink: ExchangeSink
  /** Set once settled for good, or destroyed by the caller. */
  aborted: boolean
  header(name: string): string | undefined
  sendReal(): ClientRequest
  emit(event: string, ...args: unknown[]): boolean
  destroy(): unknown
}

/** RFC 6455 "internal error": the server met a condition it could not handle. */
const INTERNAL_ERROR = 1011

/**
 * Offers the connection an upgrade request asks for to the runtime, as a
 * `WebSocketExchange` over an in-memory socket pair: `accept()` answers the
 * handshake (`upgrade` event), `passthrough()` sends the original request to
 * the network, `errorWith()` emits `error` (or, once a handler took it, closes
 * the upgraded connection with 1011).
 *
 * @example
 * offerUpgrade(request) // from UpgradeRequest.end()
 */
export function offerUpgrade(request: UpgradeRequest): void {
  const { options, secure } = request
  const host = String(options.hostname ?? options.host ?? 'localhost')
  const port = options.port !== undefined && options.port !== '' && Number(options.port) !== (secure ? 443 : 80) ? `:${options.port}` : ''
  const url = new URL(`${secure ? 'wss' : 'ws'}://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}${port}${options.path ?? '/'}`)
  const protocols = (request.header('sec-websocket-protocol') ?? '').split(',').map((item) => item.trim()).filter(Boolean)
  const [appSide, handlerSide] = duplexPair()
  const client = new BridgedClient(createRequestId(), url, handlerSide, protocols[0] ?? '')
  const server = new BridgedServer(client, protocols)
  const exchange: WebSocketExchange = {
    kind: 'websocket',
    id: client.id,
    url,
    protocols,
    connection: { client, server, info: { protocols: protocols.length === 0 ? undefined : protocols.length === 1 ? protocols[0] : protocols } },
    accept: () => upgrade(request, appSide, protocols[0]),
    passthrough: () => passthrough(request),
    errorWith: (error) => {
      if (request.aborted) return
      if (listenerFailureOf(exchange) !== undefined) {
        // A handler took it and its listener threw: the handshake succeeded, then the server failed (1011).
        upgrade(request, appSide, protocols[0])
        client.close(INTERNAL_ERROR, closeReason(error))
      } else request.emit('error', error)
      // Settled for good: the `accept()` that follows (the handler still took it) upgrades nothing.
      request.aborted = true
    },
  }
  void request.sink(exchange)
}

function upgrade(request: UpgradeRequest, socket: Duplex, protocol: string | undefined): void {
  if (request.aborted) return
  const key = request.header('sec-websocket-key')!
  const headers: Record<string, string> = {
    upgrade: 'websocket',
    connection: 'Upgrade',
    'sec-websocket-accept': acceptValueFor(key),
  }
  if (protocol !== undefined) headers['sec-websocket-protocol'] = protocol
  // What ws reads from a net.Socket beyond the Duplex interface.
  Object.assign(socket, { setTimeout: () => socket, setNoDelay: () => socket, setKeepAlive: () => socket })
  request.emit('upgrade', { statusCode: 101, statusMessage: 'Switching Protocols', headers }, socket, Buffer.alloc(0))
}

function passthrough(request: UpgradeRequest): void {
  if (request.aborted) return
  const real = request.sendReal()
  for (const event of ['upgrade', 'response', 'error', 'timeout'] as const) real.on(event, (...args: unknown[]) => request.emit(event, ...args))
  request.destroy = () => {
    request.aborted = true
    real.destroy()
    return request
  }
  real.end()
}
