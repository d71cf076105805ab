import type { WebSocketData } from './ws-types.js'

/** True for what a WebSocket can send as it is. */
export function isRawData(value: unknown): value is WebSocketData {
  return (
    typeof value === 'string' ||
    value instanceof ArrayBuffer ||
    ArrayBuffer.isView(value) ||
    (typeof SharedArrayBuffer !== 'undefined' && value instanceof SharedArrayBuffer) ||
    (typeof Blob !== 'undefined' && value instanceof Blob)
  )
}

/** Raw data as it is; any other value (a typed message) as JSON text. */
export function serialize(value: unknown): WebSocketData {
  return isRawData(value) ? value : JSON.stringify(value)
}

/**
 * Reads a text frame as JSON (binary frames are decoded as UTF-8 first): the
 * usual `parse` of a link whose messages are JSON.
 *
 * @example
 * const chat = ws.link<{ incoming: Say; outgoing: Said }>('wss://chat.example', { parse: ws.json })
 */
export function json(data: WebSocketData): any {
  if (typeof data === 'string') return JSON.parse(data)
  if (ArrayBuffer.isView(data)) return JSON.parse(new TextDecoder().decode(data))
  if (data instanceof ArrayBuffer) return JSON.parse(new TextDecoder().decode(new Uint8Array(data)))
  throw new TypeError('[mocklib] ws.json cannot read a Blob frame synchronously. Set `socket.binaryType = "arraybuffer"` on the client, or parse Blob frames yourself.')
}
