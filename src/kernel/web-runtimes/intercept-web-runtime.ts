import { syncBuiltinESMExports } from 'node:module'
import { patchClientRequests } from '../node/client-request/client-request-adapter.js'
import type { HttpSink } from '../node/http-layer.js'
import { BYPASS_HEADER, ownCall } from '../passthrough.js'
import { patchWebFetch } from './fetch-source.js'

export type WebRuntime = 'bun' | 'deno'

/** Bun and Deno have no undici behind `fetch` and no socket layer under `node:http` for the Node sources to see. */
export function webRuntime(): WebRuntime | undefined {
  const versions = globalThis.process?.versions as Record<string, string | undefined> | undefined
  if (versions?.bun !== undefined) return 'bun'
  if (versions?.deno !== undefined) return 'deno'
  return undefined
}

export interface WebRuntimeOptions {
  /** One that reads through `fetch` (Deno's own uses an internal fetch no patch reaches). */
  readonly patchEventSource: () => () => void
}

export function interceptWebRuntime(sink: HttpSink, options: WebRuntimeOptions): () => void {
  const restoreRequests = removeOwnCallHeader()
  const restoreWebSocket = removeOwnCallWebSocketHeader()
  const restoreClientRequests = patchClientRequests(sink)
  const restoreFetch = typeof globalThis.fetch === 'function' ? patchWebFetch(sink) : undefined
  const restoreEventSource = typeof globalThis.EventSource === 'function' ? options.patchEventSource() : undefined
  return () => {
    restoreEventSource?.()
    restoreFetch?.()
    restoreClientRequests()
    restoreRequests()
    restoreWebSocket()
  }
}

// Under Node, the socket layer and undici's dispatcher remove the `ownCall()` header before the wire; here the
// real functions the ClientRequest layer and the WebSocket source call are wrapped to do it.

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

function removeOwnCallWebSocketHeader(): () => void {
  const descriptor = Object.getOwnPropertyDescriptor(globalThis, 'WebSocket')
  const Native = globalThis.WebSocket
  if (descriptor === undefined || typeof Native !== 'function') return () => {}
  const WithoutOwnCall = class WebSocket extends Native {
    // Bun's second argument may be options with headers.
    constructor(url: string | URL, options?: unknown) {
      super(url, withoutOwnCall(options) as string | string[])
    }
  }
  Object.defineProperty(globalThis, 'WebSocket', { value: WithoutOwnCall, writable: true, configurable: true, enumerable: false })
  return () => {
    if (globalThis.WebSocket === WithoutOwnCall) Object.defineProperty(globalThis, 'WebSocket', descriptor)
  }
}

function withoutOwnCall(options: unknown): unknown {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) return options
  const headers = (options as { headers?: unknown }).headers
  if (headers === undefined || headers === null || Array.isArray(headers)) return options
  const record = headers as Record<string, unknown>
  if (record[BYPASS_HEADER] !== ownCall()) return options
  const { [BYPASS_HEADER]: _own, ...kept } = record
  return { ...options, headers: kept }
}
