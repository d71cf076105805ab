import type { WebSocketRouteLike } from './playwright-shapes.js'

type Data = string | ArrayBuffer | ArrayBufferView | Blob

const OPEN = 1
const CLOSED = 3

/**
 * The page's end of a WebSocket Playwright routed, with the surface the
 * WebSocket DSL reads (as @mswjs/interceptors' client connection): `id`,
 * `url`, `socket`, `send`, `close`, and `message`/`close` events. A message
 * of the page reaches the real server (once connected) unless a listener
 * prevented it.
 */
export class RoutedClient extends EventTarget {
  readonly socket: { readonly url: string; readyState: number; readonly protocol: string }
  server: RoutedServer | undefined

  constructor(
    readonly id: string,
    readonly url: URL,
    private readonly route: WebSocketRouteLike,
  ) {
    super()
    this.socket = { url: url.href, readyState: OPEN, protocol: '' }
    // Setting these turns off Playwright's own forwarding: mocklib forwards what no listener prevented.
    route.onMessage((message) => {
      const event = new RouteMessageEvent(messageData(message), this.socket)
      this.dispatchEvent(event)
      if (!event.defaultPrevented) this.server?.send(message)
    })
    route.onClose((code, reason) => {
      this.#closed(code ?? 1005, reason ?? '')
      this.server?.close()
    })
  }

  send(data: Data): void {
    if (this.socket.readyState !== OPEN) return
    toRouteMessage(data, (message) => this.route.send(message))
  }

  close(code = 1000, reason = ''): void {
    if (this.socket.readyState !== OPEN) return
    void this.route.close({ code, reason })
    this.#closed(code, reason)
  }

  #closed(code: number, reason: string): void {
    if (this.socket.readyState === CLOSED) return
    this.socket.readyState = CLOSED
    this.dispatchEvent(new RouteCloseEvent(code, reason, this.socket, false))
  }
}

/**
 * The real server's end of a routed WebSocket: `connect()` asks Playwright to
 * connect the page's socket to the server (`connectToServer()`); the server's
 * messages and close reach the page unless a listener prevented them.
 * Playwright tells no "open" of the real connection: `open` is dispatched
 * once the connection was asked for (messages sent before it opens are queued
 * by Playwright), and a server that cannot be reached shows as `close`.
 */
export class RoutedServer extends EventTarget {
  #route: WebSocketRouteLike | undefined
  #readyState = -1

  constructor(
    private readonly client: RoutedClient,
    private readonly page: WebSocketRouteLike,
  ) {
    super()
    client.server = this
  }

  get readyState(): number {
    return this.#readyState
  }

  connect(): void {
    if (this.#route !== undefined) return
    const route = (this.#route = this.page.connectToServer())
    this.#readyState = OPEN
    const about = { url: this.client.url.href }
    route.onMessage((message) => {
      const event = new RouteMessageEvent(messageData(message), about)
      this.dispatchEvent(event)
      if (!event.defaultPrevented) this.client.send(messageData(message))
    })
    route.onClose((code, reason) => {
      if (this.#readyState === CLOSED) return
      this.#readyState = CLOSED
      const event = new RouteCloseEvent(code ?? 1005, reason ?? '', about, true)
      this.dispatchEvent(event)
      if (!event.defaultPrevented) this.client.close(code === undefined || code === 1005 ? 1000 : code, reason ?? '')
    })
    queueMicrotask(() => this.dispatchEvent(new Event('open')))
  }

  send(data: Data | Buffer): void {
    const route = this.#route
    if (route === undefined || this.#readyState !== OPEN) return
    toRouteMessage(data, (message) => route.send(message))
  }

  close(): void {
    if (this.#route === undefined || this.#readyState === CLOSED) return
    this.#readyState = CLOSED
    void this.#route.close()
  }
}

/**
 * A cancelable `message` event of a routed WebSocket end, with `target` and
 * `currentTarget` fixed to the socket it is about (as msw's listeners see them).
 */
class RouteMessageEvent extends Event {
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

/** A `close` event of a routed WebSocket end (Node before 23 has no CloseEvent). */
class RouteCloseEvent extends Event {
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
 */
function messageData(message: string | Buffer): string | ArrayBuffer {
  if (typeof message === 'string') return message
  return message.buffer.slice(message.byteOffset, message.byteOffset + message.byteLength) as ArrayBuffer
}

/**
 * What a handler sends, as Playwright's `send()` takes it (a Blob is read
 * first, so the message goes out asynchronously).
 */
function toRouteMessage(data: string | ArrayBuffer | ArrayBufferView | Blob, send: (message: string | Buffer) => void): void {
  if (typeof data === 'string') return send(data)
  if (data instanceof Blob) return void data.arrayBuffer().then((buffer) => send(Buffer.from(buffer)))
  if (data instanceof ArrayBuffer) return send(Buffer.from(data))
  send(Buffer.from(data.buffer, data.byteOffset, data.byteLength))
}
