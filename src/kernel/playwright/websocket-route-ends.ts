import type { WebSocketRouteLike } from './playwright-shapes.js'

type Data = string | ArrayBuffer | ArrayBufferView | Blob

const OPEN = 1
const CLOSED = 3

/** The page's end, with the surface the ws DSL reads (as @mswjs/interceptors' client connection). */
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
      const event = messageEvent(message, this.socket)
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
    this.dispatchEvent(closeEvent(code, reason, this.socket, false))
  }
}

/**
 * Playwright tells no "open" of the real connection: `open` is dispatched once it was asked for (Playwright queues
 * what is sent before), and a server that cannot be reached shows as `close`.
 */
export class RoutedServer extends EventTarget {
  #route: WebSocketRouteLike | undefined
  readyState = -1

  constructor(
    private readonly client: RoutedClient,
    private readonly page: WebSocketRouteLike,
  ) {
    super()
    client.server = this
  }

  connect(): void {
    if (this.#route !== undefined) return
    const route = (this.#route = this.page.connectToServer())
    this.readyState = OPEN
    const about = { url: this.client.url.href }
    route.onMessage((message) => {
      const event = messageEvent(message, about)
      this.dispatchEvent(event)
      if (!event.defaultPrevented) this.client.send(message)
    })
    route.onClose((code, reason) => {
      if (this.readyState === CLOSED) return
      this.readyState = CLOSED
      const event = closeEvent(code ?? 1005, reason ?? '', about, true)
      this.dispatchEvent(event)
      if (!event.defaultPrevented) this.client.close(code === undefined || code === 1005 ? 1000 : code, reason ?? '')
    })
    queueMicrotask(() => this.dispatchEvent(new Event('open')))
  }

  send(data: Data): void {
    const route = this.#route
    if (route === undefined || this.readyState !== OPEN) return
    toRouteMessage(data, (message) => route.send(message))
  }

  close(): void {
    if (this.#route === undefined || this.readyState === CLOSED) return
    this.readyState = CLOSED
    void this.#route.close()
  }
}

/** `target` fixed to the socket it is about, as msw's listeners see it (Node before 23 has no CloseEvent). */
class RouteEvent extends Event {
  constructor(
    type: string,
    private readonly about: object,
    cancelable: boolean,
    fields: { data: string | ArrayBuffer } | { code: number; reason: string; wasClean: boolean },
  ) {
    super(type, { cancelable })
    Object.assign(this, fields)
  }

  override get target(): EventTarget | null {
    return this.about as EventTarget
  }
  override get currentTarget(): EventTarget | null {
    return this.about as EventTarget
  }
}

function messageEvent(message: string | Buffer, about: object): RouteEvent {
  return new RouteEvent('message', about, true, { data: messageData(message) })
}

function closeEvent(code: number, reason: string, about: object, cancelable: boolean): RouteEvent {
  return new RouteEvent('close', about, cancelable, { code, reason, wasClean: code !== 1006 })
}

function messageData(message: string | Buffer): string | ArrayBuffer {
  if (typeof message === 'string') return message
  return message.buffer.slice(message.byteOffset, message.byteOffset + message.byteLength) as ArrayBuffer
}

function toRouteMessage(data: Data, send: (message: string | Buffer) => void): void {
  if (typeof data === 'string') return send(data)
  if (data instanceof Blob) return void data.arrayBuffer().then((buffer) => send(Buffer.from(buffer)))
  if (data instanceof ArrayBuffer) return send(Buffer.from(data))
  send(Buffer.from(data.buffer, data.byteOffset, data.byteLength))
}
