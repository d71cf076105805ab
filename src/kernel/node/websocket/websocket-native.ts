// Read when first needed, not at import: Node's WebSocket getter loads all of undici.
let readNative = (): typeof WebSocket | undefined => globalThis.WebSocket

export function nativeWebSocket(): typeof WebSocket | undefined {
  return readNative()
}

export function rememberNativeWebSocket(descriptor: PropertyDescriptor | undefined): void {
  readNative = () => (descriptor === undefined ? undefined : descriptor.get ? (descriptor.get.call(globalThis) as typeof WebSocket) : (descriptor.value as typeof WebSocket))
}
