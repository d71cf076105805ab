import { EventEmitter } from 'node:events'
import http from 'node:http'
import https from 'node:https'
import type { ExchangeSink } from '../../contracts.js'
import { message } from '../../errors.js'
import { onFirstUse } from '../../on-first-use.js'
import { BYPASS_HEADER, ownCall } from '../../passthrough.js'

/** What answers an upgrade request (the in-memory socket pair, the frames): loaded by the first one. */
const bridge = onFirstUse(() => import('./websocket-upgrade-bridge.js'))

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
      const sendReal = () => (network as (options: http.RequestOptions) => http.ClientRequest).call(module, { ...options, headers: { ...(options.headers as http.OutgoingHttpHeaders), [BYPASS_HEADER]: ownCall() } })
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
 * emitter. On `end()` the connection is offered to the runtime (by
 * websocket-upgrade-bridge.ts, loaded by the first one); the outcome emits
 * `upgrade` (mocked), is replaced by the real request (passthrough), or emits
 * `error` (refused).
 *
 * @example
 * const request = new UpgradeRequest(options, false, () => http.request(options), runtime.handle)
 * request.on('upgrade', (response, socket) => socket.write('…')).end()
 */
export class UpgradeRequest extends EventEmitter {
  /** Destroyed by the caller, or settled for good: nothing more is emitted. */
  aborted = false
  destroyed = false

  constructor(
    readonly options: http.RequestOptions,
    readonly secure: boolean,
    readonly sendReal: () => http.ClientRequest,
    readonly sink: ExchangeSink,
  ) {
    super()
  }

  /** A request header, whatever its case (`undefined` when absent). */
  header(name: string): string | undefined {
    return header(this.options, name)
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
    this.aborted = true
    this.destroyed = true
    return this
  }

  end(): this {
    if (bridge.loaded !== undefined) bridge.loaded.offerUpgrade(this)
    else {
      void bridge.load().then(
        (loaded) => loaded.offerUpgrade(this),
        (error: unknown) => {
          // As a request given no socket: an error event that says why, unless the caller destroyed it meanwhile.
          if (!this.aborted) this.emit('error', new Error(message('The WebSocket upgrade bridge could not be loaded.', 'Check that mocklib is installed completely.'), { cause: error }))
        },
      )
    }
    return this
  }
}
