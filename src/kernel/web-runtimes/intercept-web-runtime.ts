import type { RequestOptions } from 'node:http'
import { syncBuiltinESMExports } from 'node:module'
import { patchClientRequests } from '../node/client-request/client-request-adapter.js'
import type { HttpSink } from '../node/http-layer.js'
import { BYPASS_HEADER, ownCall } from '../passthrough.js'
import { patchWebFetch } from './fetch-source.js'

/** A server-side JavaScript runtime other than Node that mocklib/node runs in. */
export type WebRuntime = 'bun' | 'deno'

/**
 * The runtime this process runs in when it is Bun or Deno, `undefined` under
 * Node. Both report themselves in `process.versions` (their Node
 * compatibility layer), which is what decides which sources `listen()` starts:
 * they have no undici dispatcher behind `fetch` and no socket layer under
 * `node:http`, so the Node sources cannot see their requests.
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
 * `EventSource` where the runtime has one. Unlike `interceptNode` there is no
 * undici dispatcher and no socket layer: neither runtime routes its clients
 * through them. It also keeps mocklib's marking header off the passthroughs
 * of the WebSocket source, which starts after it. Returns the function that
 * stops them all.
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

type RequestFunction = (...args: unknown[]) => unknown

/**
 * Under Node, the ClientRequest layer's passthrough carries mocklib's
 * `ownCall()` header down to the socket layer, which removes it before the
 * wire. Bun and Deno have no socket layer under `node:http`, so this wraps
 * `http.request`/`https.request` (the functions the ClientRequest layer then
 * takes as the real ones) to remove that header from the requests it sends.
 * Any other value of the header is the application's and is left alone.
 * Returns the function that puts both back.
 *
 * @example
 * const restoreRequests = removeOwnCallHeader()
 * const restoreClientRequests = patchClientRequests(sink) // its passthroughs now leave no header behind
 */
function removeOwnCallHeader(): () => void {
  const restores = [wrap(process.getBuiltinModule('node:http')), wrap(process.getBuiltinModule('node:https'))]
  syncBuiltinESMExports()
  return () => {
    for (const restore of restores) restore()
    syncBuiltinESMExports()
  }
}

function wrap(module: typeof import('node:http') | typeof import('node:https')): () => void {
  const real = module.request as unknown as RequestFunction
  const wrapped: RequestFunction = (...args) => real(...args.map(requestOptionsWithoutOwnCall))
  module.request = wrapped as unknown as typeof module.request
  return () => {
    if (module.request === (wrapped as unknown)) module.request = real as unknown as typeof module.request
  }
}

/** The options argument without the `ownCall()` header; every other argument as given. */
function requestOptionsWithoutOwnCall(argument: unknown): unknown {
  if (typeof argument !== 'object' || argument === null || argument instanceof URL) return argument
  const headers = (argument as RequestOptions).headers
  if (headers === undefined || Array.isArray(headers)) return argument
  const record = headers as Record<string, unknown>
  if (record[BYPASS_HEADER] !== ownCall()) return argument
  const { [BYPASS_HEADER]: _own, ...kept } = record
  return { ...argument, headers: kept }
}

/** The options object Bun, Deno and undici accept as the second argument of `new WebSocket()`. */
interface WebSocketOptions {
  protocols?: string | string[]
  headers?: Record<string, string>
  [option: string]: unknown
}

/**
 * The WebSocket source connects a passthrough with the runtime's own
 * WebSocket, marking it `ownCall()` in a header; under Node, undici's
 * dispatcher removes that header. Bun's and Deno's WebSocket send whatever
 * headers they are given, so this puts in `globalThis.WebSocket` (which the
 * WebSocket source, started after it, takes as the runtime's own) a subclass
 * that connects without that header. Returns the function that puts the
 * runtime's WebSocket back; does nothing where there is none.
 *
 * @example
 * const restore = removeOwnCallWebSocketHeader()
 * const stopWebSockets = createWebSocketSource().start(sink) // its passthroughs carry no mocklib header
 */
function removeOwnCallWebSocketHeader(): () => void {
  const descriptor = Object.getOwnPropertyDescriptor(globalThis, 'WebSocket')
  const Native = globalThis.WebSocket
  if (descriptor === undefined || typeof Native !== 'function') return () => {}
  const WithoutOwnCall = class WebSocket extends Native {
    constructor(url: string | URL, options?: string | string[] | WebSocketOptions) {
      super(url, webSocketOptionsWithoutOwnCall(options) as string | string[])
    }
  }
  Object.defineProperty(globalThis, 'WebSocket', { value: WithoutOwnCall, writable: true, configurable: true, enumerable: false })
  return () => {
    if (globalThis.WebSocket === WithoutOwnCall) Object.defineProperty(globalThis, 'WebSocket', descriptor)
  }
}

function webSocketOptionsWithoutOwnCall(options: string | string[] | WebSocketOptions | undefined): typeof options {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) return options
  const headers = options.headers
  if (headers === undefined || headers[BYPASS_HEADER] !== ownCall()) return options
  const { [BYPASS_HEADER]: _own, ...kept } = headers
  return { ...options, headers: kept }
}
