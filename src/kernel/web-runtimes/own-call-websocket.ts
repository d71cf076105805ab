import { BYPASS_HEADER, ownCall } from '../passthrough.js'

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
export function removeOwnCallWebSocketHeader(): () => void {
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

function withoutOwnCall(options: string | string[] | WebSocketOptions | undefined): typeof options {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) return options
  const headers = options.headers
  if (headers === undefined || headers[BYPASS_HEADER] !== ownCall()) return options
  const { [BYPASS_HEADER]: _own, ...kept } = headers
  return { ...options, headers: kept }
}
