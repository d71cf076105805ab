import { createHash } from 'node:crypto'
import { EventEmitter } from 'node:events'
import http from 'node:http'
import https from 'node:https'
import { duplexPair, type Duplex } from 'node:stream'
import type { ExchangeSink, WebSocketExchange } from '../../contracts.js'
import { BYPASS_HEADER, OWN_CALL } from '../../passthrough.js'
import { createRequestId } from '../../request-id.js'
import { closeReason } from '../../websocket-exchange.js'
import { listenerFailureOf } from '../../websocket-dispatch.js'
import { BridgedClient, BridgedServer } from './websocket-bridge-ends.js'

const GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11'

/** RFC 6455 "internal error": the server met a condition it could not handle. */
const INTERNAL_ERROR = 1011

type RequestFunction = typeof http.request

/**
 * Node's own request functions, taken when mocklib loads: a passthrough
 * connection goes out through them, under the ClientRequest layer (which
 * would answer it as an ordinary request, without its upgrade).
 */
const NETWORK_REQUEST = new Map<unknown, RequestFunction>([
  [http, http.request],
  [https, https.request as unknown as RequestFunction],
])

/**
 * Intercepts WebSocket clients that open their connection with a node:http
 * upgrade request (the `ws` package, and graphql-ws, socket.io-client… on top
 * of it). `http.request`/`https.request` are patched for requests carrying
 * `Upgrade: websocket` only: each becomes a `WebSocketExchange`. A mocked
 * connection answers the handshake itself and runs over an in-memory socket
 * pair; `passthrough()` sends the original upgrade request to the network.
 * Returns the function that restores both modules.
 *
 * @example
 * const restore = interceptUpgradeRequests(runtime.handle)
 */
export function interceptUpgradeRequests(sink: ExchangeSink): () => void {
  const originals: Array<[{ request: RequestFunction }, RequestFunction]> = [
    [http, http.request],
    [https as unknown as { request: RequestFunction }, https.request as unknown as RequestFunction],
  ]
  for (const [module, original] of originals) {
    const secure = module === (https as unknown)
    const patched = function request(this: unknown, ...args: unknown[]) {
      const options = args.length === 1 && typeof args[0] === 'object' && args[0] !== null && !(args[0] instanceof URL) ? (args[0] as http.RequestOptions) : undefined
      if (options === undefined || !isUpgrade(options)) return (original as (...a: unknown[]) => unknown).apply(this, args)
      const network = NETWORK_REQUEST.get(module) ?? original
      // Marked as mocklib's own call: the socket layer lets it through unresolved (and strips the mark).
      const sendReal = () => (network as (options: http.RequestOptions) => http.ClientRequest).call(module, { ...options, headers: { ...(options.headers as http.OutgoingHttpHeaders), [BYPASS_HEADER]: OWN_CALL } })
      return new UpgradeRequest(options, secure, sendReal, sink)
    }
    module.request = patched as RequestFunction
  }
  return () => {
    for (const [module, original] of originals) module.request = original as never
  }
}


function isUpgrade(options: http.RequestOptions): boolean {
  return String(header(options, 'upgrade') ?? '').toLowerCase() === 'websocket' && header(options, 'sec-websocket-key') !== undefined
}

function header(options: http.RequestOptions, name: string): string | undefined {
  const headers = options.headers
  if (headers === undefined || Array.isArray(headers)) return undefined
  for (const [key, value] of Object.entries(headers)) if (key.toLowerCase() === name) return String(value)
  return undefined
}

/**
 * What `http.request` returns for an upgrade request: a ClientRequest-shaped
 * emitter. On `end()` the connection is offered to the runtime; the outcome
 * emits `upgrade` (mocked), is replaced by the real request (passthrough), or
 * emits `error` (refused).
 */
class UpgradeRequest extends EventEmitter {
  #aborted = false
  destroyed = false

  constructor(
    private readonly options: http.RequestOptions,
    private readonly secure: boolean,
    private readonly sendReal: () => http.ClientRequest,
    private readonly sink: ExchangeSink,
  ) {
    super()
  }

  setTimeout(): this {
    return this
  }
  setHeader(): void {}
  write(): boolean {
    return true
  }
  abort(): void {
    this.destroy()
  }
  destroy(): this {
    this.#aborted = true
    this.destroyed = true
    return this
  }

  end(): this {
    const { options } = this
    const host = String(options.hostname ?? options.host ?? 'localhost')
    const port = options.port !== undefined && options.port !== '' && Number(options.port) !== (this.secure ? 443 : 80) ? `:${options.port}` : ''
    const url = new URL(`${this.secure ? 'wss' : 'ws'}://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}${port}${options.path ?? '/'}`)
    const protocols = (header(options, 'sec-websocket-protocol') ?? '').split(',').map((item) => item.trim()).filter(Boolean)
    const [appSide, handlerSide] = duplexPair()
    const client = new BridgedClient(createRequestId(), url, handlerSide, protocols[0] ?? '')
    const server = new BridgedServer(client, protocols)
    const exchange: WebSocketExchange = {
      kind: 'websocket',
      id: client.id,
      url,
      protocols,
      connection: { client, server, info: { protocols: protocols.length === 0 ? undefined : protocols.length === 1 ? protocols[0] : protocols } },
      accept: () => this.#upgrade(appSide, protocols[0]),
      passthrough: () => this.#passthrough(),
      errorWith: (error) => {
        if (this.#aborted) return
        if (listenerFailureOf(exchange) !== undefined) {
          // A handler took it and its listener threw: the handshake succeeded, then the server failed (1011).
          this.#upgrade(appSide, protocols[0])
          client.close(INTERNAL_ERROR, closeReason(error))
        } else this.emit('error', error)
        // Settled for good: the `accept()` that follows (the handler still took it) upgrades nothing.
        this.#aborted = true
      },
    }
    void this.sink(exchange)
    return this
  }

  #upgrade(socket: Duplex, protocol: string | undefined): void {
    if (this.#aborted) return
    const key = header(this.options, 'sec-websocket-key')!
    const headers: Record<string, string> = {
      upgrade: 'websocket',
      connection: 'Upgrade',
      'sec-websocket-accept': createHash('sha1').update(key + GUID).digest('base64'),
    }
    if (protocol !== undefined) headers['sec-websocket-protocol'] = protocol
    // What ws reads from a net.Socket beyond the Duplex interface.
    Object.assign(socket, { setTimeout: () => socket, setNoDelay: () => socket, setKeepAlive: () => socket })
    this.emit('upgrade', { statusCode: 101, statusMessage: 'Switching Protocols', headers }, socket, Buffer.alloc(0))
  }

  #passthrough(): void {
    if (this.#aborted) return
    const real = this.sendReal()
    for (const event of ['upgrade', 'response', 'error', 'timeout'] as const) real.on(event, (...args: unknown[]) => this.emit(event, ...args))
    this.destroy = () => {
      this.#aborted = true
      real.destroy()
      return this
    }
    real.end()
  }
}
