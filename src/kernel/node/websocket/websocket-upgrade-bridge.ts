import type { ClientRequest, RequestOptions } from 'node:http'
import type { Duplex } from 'node:stream'
import type { ExchangeSink, WebSocketExchange } from '../../contracts.js'
import { closeReason, INTERNAL_ERROR } from '../../websocket-exchange.js'
import { listenerFailureOf } from '../../websocket-dispatch.js'
import { connectionInfo } from './websocket-bridge-ends.js'
import { bridgedEnds } from './websocket-bridged-client.js'
import { acceptValueFor } from './websocket-frames.js'

// Loaded by the first upgrade request (websocket-upgrade.ts): a process without `ws` clients pays for none of it.

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

/** Over an in-memory socket pair; `errorWith()` emits `error`, or once a handler took it, closes with 1011. */
export function offerUpgrade(request: UpgradeRequest): void {
  const { options, secure } = request
  const host = String(options.hostname ?? options.host ?? 'localhost')
  const port = options.port !== undefined && options.port !== '' && Number(options.port) !== (secure ? 443 : 80) ? `:${options.port}` : ''
  const url = new URL(`${secure ? 'wss' : 'ws'}://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}${port}${options.path ?? '/'}`)
  const { wire, client, server, protocols } = bridgedEnds(url, request.header('sec-websocket-protocol'))
  const exchange: WebSocketExchange = {
    kind: 'websocket',
    id: client.id,
    url,
    protocols,
    connection: { client, server, info: connectionInfo(protocols) },
    accept: () => upgrade(request, wire, protocols[0]),
    passthrough: () => passthrough(request),
    errorWith: (error) => {
      if (request.aborted) return
      if (listenerFailureOf(exchange) !== undefined) {
        // A handler took it and its listener threw: the handshake succeeded, then the server failed (1011).
        upgrade(request, wire, protocols[0])
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
  // ws reads these from a net.Socket beyond the Duplex interface.
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
