/**
 * A cancelable `message` event of a routed WebSocket end, with `target` and
 * `currentTarget` fixed to the socket it is about (as msw's listeners see them).
 *
 * @example
 * client.dispatchEvent(new RouteMessageEvent('hello', client.socket))
 */
export class RouteMessageEvent extends Event {
  constructor(
    readonly data: string | ArrayBuffer,
    private readonly about: object,
  ) {
    super('message', { cancelable: true })
  }

  override get target(): EventTarget | null {
    return this.about as EventTarget
  }
  override get currentTarget(): EventTarget | null {
    return this.about as EventTarget
  }
}

/**
 * A `close` event of a routed WebSocket end (Node before 23 has no CloseEvent).
 *
 * @example
 * client.dispatchEvent(new RouteCloseEvent(1000, '', client.socket, false))
 */
export class RouteCloseEvent extends Event {
  readonly wasClean: boolean

  constructor(
    readonly code: number,
    readonly reason: string,
    private readonly about: object,
    cancelable: boolean,
  ) {
    super('close', { cancelable })
    this.wasClean = code !== 1006
  }

  override get target(): EventTarget | null {
    return this.about as EventTarget
  }
  override get currentTarget(): EventTarget | null {
    return this.about as EventTarget
  }
}

/**
 * What Playwright hands over (a string, or a Buffer for a binary frame) as a
 * handler reads it: a string, or an ArrayBuffer of its own.
 *
 * @example
 * messageData(Buffer.from([1, 2])) // ArrayBuffer { 1, 2 }
 */
export function messageData(message: string | Buffer): string | ArrayBuffer {
  if (typeof message === 'string') return message
  return message.buffer.slice(message.byteOffset, message.byteOffset + message.byteLength) as ArrayBuffer
}

/**
 * What a handler sends, as Playwright's `send()` takes it (a Blob is read
 * first, so the message goes out asynchronously).
 *
 * @example
 * toRouteMessage(new Uint8Array([1, 2]), (message) => route.send(message))
 */
export function toRouteMessage(data: string | ArrayBuffer | ArrayBufferView | Blob, send: (message: string | Buffer) => void): void {
  if (typeof data === 'string') return send(data)
  if (data instanceof Blob) return void data.arrayBuffer().then((buffer) => send(Buffer.from(buffer)))
  if (data instanceof ArrayBuffer) return send(Buffer.from(data))
  send(Buffer.from(data.buffer, data.byteOffset, data.byteLength))
}
