import { EventEmitter } from 'node:events'
import http from 'node:http'
import https from 'node:https'
import type { ExchangeSink } from '../../contracts.js'
import { message } from '../../errors.js'
import { onFirstUse } from '../../on-first-use.js'
import { BYPASS_HEADER, ownCall } from '../../passthrough.js'

const bridge = onFirstUse(() => import('./websocket-upgrade-bridge.js'))

type RequestFunction = typeof http.request

/** Taken when mocklib loads: a passthrough goes out under the ClientRequest layer, which would drop its upgrade. */
const NETWORK_REQUEST: ReadonlyArray<readonly [{ request: RequestFunction }, RequestFunction]> = [
  [http, http.request],
  [https as unknown as { request: RequestFunction }, https.request as unknown as RequestFunction],
]

/** Clients that connect with a node:http upgrade request (`ws`, and graphql-ws, socket.io-client… on top of it). */
export function interceptUpgradeRequests(sink: ExchangeSink): () => void {
  const originals = NETWORK_REQUEST.map(([module]) => [module, module.request] as const)
  for (const [module, network] of NETWORK_REQUEST) {
    const original = module.request
    const patched = function request(this: unknown, ...args: unknown[]) {
      const options = args.length === 1 && typeof args[0] === 'object' && args[0] !== null && !(args[0] instanceof URL) ? (args[0] as http.RequestOptions) : undefined
      if (options === undefined || !isUpgrade(options)) return (original as (...a: unknown[]) => unknown).apply(this, args)
      const sendReal = () => (network as (options: http.RequestOptions) => http.ClientRequest).call(module, { ...options, headers: { ...(options.headers as http.OutgoingHttpHeaders), [BYPASS_HEADER]: ownCall() } })
      return new UpgradeRequest(options, module === (https as unknown), sendReal, sink)
    }
    module.request = patched as RequestFunction
  }
  return () => {
    for (const [module, original] of originals) module.request = original
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

/** A ClientRequest-shaped emitter: `upgrade` (mocked), replaced by the real request (passthrough), or `error`. */
export class UpgradeRequest extends EventEmitter {
  /** Destroyed by the caller: nothing more is emitted. */
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
