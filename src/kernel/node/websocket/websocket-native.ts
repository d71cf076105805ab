// Up front with the WebSocket source, which remembers the class at listen(); read by the real server
// end (websocket-bridge-ends.ts), which loads with the first mocked connection.

/** Read when first needed, not at import: Node's WebSocket getter loads all of undici. */
let readNative = (): typeof WebSocket | undefined => globalThis.WebSocket

/**
 * Node's own WebSocket class (what `globalThis.WebSocket` was before the
 * WebSocket source replaced it), for real connections.
 *
 * @example
 * const NativeWebSocket = nativeWebSocket()
 */
export function nativeWebSocket(): typeof WebSocket | undefined {
  return readNative()
}

/**
 * Called by the WebSocket source with the global's property descriptor before it replaces it.
 *
 * @example
 * rememberNativeWebSocket(Object.getOwnPropertyDescriptor(globalThis, 'WebSocket'))
 */
export function rememberNativeWebSocket(descriptor: PropertyDescriptor | undefined): void {
  readNative = () => (descriptor === undefined ? undefined : descriptor.get ? (descriptor.get.call(globalThis) as typeof WebSocket) : (descriptor.value as typeof WebSocket))
}
