// Read when first needed, not at import: Node's WebSocket getter loads all of undici.
export let nativeWebSocket = (): typeof WebSocket | undefined => globalThis.WebSocket

export function rememberNativeWebSocket(descriptor: PropertyDescriptor | undefined): void {
  nativeWebSocket = () => (descriptor === undefined ? undefined : descriptor.get ? (descriptor.get.call(globalThis) as typeof WebSocket) : (descriptor.value as typeof WebSocket))
}
