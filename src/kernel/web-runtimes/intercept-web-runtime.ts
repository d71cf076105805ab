import type { RequestOptions } from 'node:http'
import { syncBuiltinESMExports } from 'node:module'
import { patchClientRequests } from '../node/client-request/client-request-adapter.js'
import type { HttpSink } from '../node/http-layer.js'
import { BYPASS_HEADER, ownCall } from '../passthrough.js'
import { patchWebFetch } from './fetch-source.js'

/** A server-side JavaScript runtime other than Node that mocklib/node runs in. */
export type WebRuntime = 'bun' | 'deno'

/**
 * The runtime this process runs in when it is Bun or Deno (both say so in
 * `process.versions`), `undefined` under Node: they have no undici dispatcher
 * behind `fetch` and no socket layer under `node:http`, so the Node sources
 * cannot see their requests.
 *
 * @example
 * webRuntime() // 'bun' under `bun test`, 'deno' under `deno test`, undefined under node
 */
export function webRuntime(): WebRuntime | undefined {
  const versions = globalThis.process?.versions as Record<string, string | undefined> | undefined
  if (versions?.bun !== undefined) return 'bun'
  if (versions?.deno !== undefined) return 'deno'
  return undefined
}

/** Options of `interceptWebRuntime`. */
export interface WebRuntimeOptions {
  /**
   * Replaces the runtime's `EventSource` with one that reads through `fetch`
   * (Deno's own reads through an internal fetch that no patch reaches);
   * returns the function that puts it back. Called only where the runtime has
   * an `EventSource`.
   */
  readonly patchEventSource?: () => () => void
}

/**
 * Starts the HTTP sources of Bun and Deno, delivering to `sink`: global
 * `fetch` (their own source, see `patchWebFetch`), `node:http`/`https` (the
 * ClientRequest layer, which both runtimes run as Node does), and
 * `EventSource` where the runtime has one. Returns the function that stops
 * them all.
 *
 * @example
 * const stop = webRuntime() === undefined ? interceptNode(sink) : interceptWebRuntime(sink, { patchEventSource })
 * stop()
 */
export function interceptWebRuntime(sink: HttpSink, options: WebRuntimeOptions = {}): () => void {
  const restoreRequests = removeOwnCallHeader()
  const restoreWebSocket = removeOwnCallWebSocketHeader()
  const restoreClientRequests = patchClientRequests(sink)
  const restoreFetch = typeof globalThis.fetch === 'function' ? patchWebFetch(sink) : undefined
  const restoreEventSource = typeof globalThis.EventSource === 'function' ? options.patchEventSource?.() : undefined
  return () => {
    restoreEventSource?.()
    restoreFetch?.()
    restoreClientRequests()
    restoreRequests()
    restoreWebSocket()
  }
}

// Under Node, the socket layer (for node:http) and undici's dispatcher (for WebSocket) remove the header
// that marks mocklib's own passthrough calls before the wire. Bun and Deno have neither, so the real
// functions the ClientRequest layer and the WebSocket source (started after this) take are wrapped to
// remove it. Any other value of the header is the application's and is left alone.

type RequestFunction = (...args: unknown[]) => unknown

function removeOwnCallHeader(): () => void {
  const restores = [wrapRequest(process.getBuiltinModule('node:http')), wrapRequest(process.getBuiltinModule('node:https'))]
  syncBuiltinESMExports()
  return () => {
    for (const restore of restores) restore()
    syncBuiltinESMExports()
  }
}

function wrapRequest(module: typeof import('node:http') | typeof import('node:https')): () => void {
  const real = module.request as unknown as RequestFunction
  const wrapped: RequestFunction = (...args) => real(...args.map((argument) => (argument instanceof URL ? argument : withoutOwnCall(argument))))
  module.request = wrapped as unknown as typeof module.request
  return () => {
    if (module.request === (wrapped as unknown)) module.request = real as unknown as typeof module.request
  }
}

/** The options object Bun, Deno and undici accept as the second argument of `new WebSocket()`. */
interface WebSocketOptions {
  protocols?: string | string[]
  headers?: Record<string, string>
  [option: string]: unknown
}

function removeOwnCallWebSocketHeader(): () => void {
  const descriptor = Object.getOwnPropertyDescriptor(globalThis, 'WebSocket')
  const Native = globalThis.WebSocket
  if (descriptor === undefined || typeof Native !== 'function') return () => {}
  const WithoutOwnCall = class WebSocket extends Native {
    constructor(url: string | URL, options?: string | string[] | WebSocketOptions) {
      super(url, withoutOwnCall(options) as string | string[])
    }
  }
  Object.defineProperty(globalThis, 'WebSocket', { value: WithoutOwnCall, writable: true, configurable: true, enumerable: false })
  return () => {
    if (globalThis.WebSocket === WithoutOwnCall) Object.defineProperty(globalThis, 'WebSocket', descriptor)
  }
}

/** `options` (request or WebSocket options; any other argument as given) without the `ownCall()` header. */
function withoutOwnCall(options: unknown): unknown {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) return options
  const headers = (options as RequestOptions | WebSocketOptions).headers
  if (headers === undefined || headers === null || Array.isArray(headers)) return options
  const record = headers as Record<string, unknown>
  if (record[BYPASS_HEADER] !== ownCall()) return options
  const { [BYPASS_HEADER]: _own, ...kept } = record
  return { ...options, headers: kept }
}
