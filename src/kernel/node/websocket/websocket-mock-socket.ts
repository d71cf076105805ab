import type { WebSocketExchange } from '../../contracts.js'
import { message } from '../../errors.js'
import { createRequestId } from '../../request-id.js'
import { closeReason } from '../../websocket-exchange.js'
import { BridgedServer, SocketCloseEvent, SocketMessageEvent, type Data, type ServerPeer } from './websocket-bridge-ends.js'

const CONNECTING = 0
const OPEN = 1
const CLOSING = 2
const CLOSED = 3

/** RFC 6455 "internal error": the server met a condition it could not handle. */
const INTERNAL_ERROR = 1011

type Handler = ((this: MockWebSocket, event: any) => unknown) | null

/** False only while `MockWebSocket.unstarted` constructs. */
let startOnCreate = true

/**
 * What `new WebSocket(url)` makes while setupServer listens (Node's global
 * WebSocket): a WHATWG WebSocket with no network under it. Its exchange goes
 * to the runtime; handlers talk to it through `client` (a `MockSocketClient`),
 * and `server.connect()` (or a passthrough) joins a real socket to it.
 *
 * @example
 * server.listen()
 * const socket = new WebSocket('wss://chat.example') // a MockWebSocket
 * socket.onmessage = (event) => console.log(event.data)
 */
export class MockWebSocket extends EventTarget {
  static readonly CONNECTING = CONNECTING
  static readonly OPEN = OPEN
  static readonly CLOSING = CLOSING
  static readonly CLOSED = CLOSED
  readonly CONNECTING = CONNECTING
  readonly OPEN = OPEN
  readonly CLOSING = CLOSING
  readonly CLOSED = CLOSED

  readonly url: string
  readyState: number = CONNECTING
  protocol = ''
  readonly extensions = ''
  bufferedAmount = 0
  binaryType: 'blob' | 'arraybuffer' = 'blob'
  /** @internal The end handlers see. */
  readonly client: MockSocketClient
  readonly #handlers = new Map<string, Handler>()

  constructor(url: string | URL, protocols?: string | readonly string[] | { protocols?: string | readonly string[] }) {
    super()
    const parsed = socketUrl(url)
    this.url = parsed.href
    const requested = protocols === undefined ? [] : typeof protocols === 'string' ? [protocols] : isList(protocols) ? [...protocols] : protocolsOf(protocols)
    if (new Set(requested).size !== requested.length) throw new DOMException(`The subprotocols ${JSON.stringify(requested)} repeat a name.`, 'SyntaxError')
    this.client = new MockSocketClient(this, parsed, requested)
    if (!startOnCreate) return
    const start = MockWebSocket.sink
    if (start === undefined) throw new Error(message('A mocked WebSocket was created while no server listens.'))
    queueMicrotask(() => start(this.client.exchange()))
  }

  /**
   * A socket whose connection is not offered to the runtime: the caller
   * builds its exchange (`socket.client.exchange()`) and decides where it goes.
   *
   * @example
   * const socket = MockWebSocket.unstarted('wss://chat.example')
   * void sink(socket.client.exchange())
   */
  static unstarted(url: string | URL): MockWebSocket {
    startOnCreate = false
    try {
      return new MockWebSocket(url)
    } finally {
      startOnCreate = true
    }
  }

  /** @internal Where new sockets go: set by the source while it runs. */
  static sink: ((exchange: WebSocketExchange) => unknown) | undefined

  get onopen(): Handler {
    return this.#handlers.get('open') ?? null
  }
  set onopen(handler: Handler) {
    this.#setHandler('open', handler)
  }
  get onmessage(): Handler {
    return this.#handlers.get('message') ?? null
  }
  set onmessage(handler: Handler) {
    this.#setHandler('message', handler)
  }
  get onerror(): Handler {
    return this.#handlers.get('error') ?? null
  }
  set onerror(handler: Handler) {
    this.#setHandler('error', handler)
  }
  get onclose(): Handler {
    return this.#handlers.get('close') ?? null
  }
  set onclose(handler: Handler) {
    this.#setHandler('close', handler)
  }

  #setHandler(type: string, handler: Handler): void {
    const previous = this.#handlers.get(type)
    if (previous) this.removeEventListener(type, previous as EventListener)
    if (typeof handler === 'function') {
      this.#handlers.set(type, handler)
      this.addEventListener(type, handler as EventListener)
    } else this.#handlers.delete(type)
  }

  send(data: Data): void {
    if (this.readyState === CONNECTING) throw new DOMException('The WebSocket is still connecting.', 'InvalidStateError')
    if (this.readyState !== OPEN) return
    queueMicrotask(() => this.client.receive(data))
  }

  close(code?: number, reason?: string): void {
    if (code !== undefined && code !== 1000 && (code < 3000 || code > 4999)) {
      throw new DOMException(`The close code must be 1000 or between 3000 and 4999, but got ${code}.`, 'InvalidAccessError')
    }
    if (reason !== undefined && new TextEncoder().encode(reason).length > 123) throw new DOMException('The close reason is longer than 123 bytes.', 'SyntaxError')
    if (this.readyState === CLOSING || this.readyState === CLOSED) return
    if (this.readyState === CONNECTING) {
      // Closed before the handshake finished: the connection failed.
      this.readyState = CLOSING
      queueMicrotask(() => {
        this.dispatchEvent(new Event('error'))
        this.client.closed(1006, '', false)
      })
      return
    }
    this.readyState = CLOSING
    queueMicrotask(() => this.client.closed(code ?? 1005, reason ?? '', true))
  }
}

/**
 * The client end of a mocked global WebSocket, as handlers see it (the same
 * surface as a bridged `ws` connection): `message` events are what the
 * application sent, `send` delivers to it, `close` closes it.
 *
 * @example
 * const { client } = exchange.connection as { client: MockSocketClient }
 * client.addEventListener('message', (event) => client.send(event.data))
 */
export class MockSocketClient extends EventTarget implements ServerPeer {
  readonly id = createRequestId()
  server: BridgedServer | undefined
  readonly #socket: MockWebSocket
  #pending: Data[] | undefined = []

  constructor(
    socket: MockWebSocket,
    readonly url: URL,
    readonly protocols: readonly string[],
  ) {
    super()
    this.#socket = socket
  }

  get socket(): MockWebSocket {
    return this.#socket
  }

  /** The application's socket's binary type: a real connection takes it (so a Blob frame stays a Blob). */
  get binaryType(): BinaryType {
    return this.#socket.binaryType
  }

  /** What a handler sends: delivered on a later microtask, as a network frame would be. */
  send(data: Data): void {
    this.#enqueue(data)
  }

  #enqueue(data: Data): void {
    const socket = this.#socket
    if (socket.readyState === CONNECTING) return void this.#pending?.push(data)
    if (socket.readyState !== OPEN) return
    queueMicrotask(() => {
      if (socket.readyState !== OPEN) return
      const converted = typeof data === 'string' ? data : toBinaryType(data, socket.binaryType)
      if (!(converted instanceof Promise)) return void socket.dispatchEvent(new SocketMessageEvent('message', converted, socket.url, false))
      void converted.then(
        (buffer) => socket.readyState === OPEN && socket.dispatchEvent(new SocketMessageEvent('message', buffer, socket.url, false)),
        () => {},
      )
    })
  }

  /**
   * A message of the real server no listener prevented: dispatched now, as
   * msw does, so it reaches the application before whatever the `server`
   * listeners sent in answer to it.
   */
  deliver(data: Data): void {
    const socket = this.#socket
    if (socket.readyState !== OPEN) return this.#enqueue(data)
    const converted = typeof data === 'string' ? data : toBinaryType(data, socket.binaryType)
    if (converted instanceof Promise) return this.#enqueue(data)
    socket.dispatchEvent(new SocketMessageEvent('message', converted, socket.url, false))
  }

  /** Closes the application's socket; a handler may use any code (1011, 1001…). */
  close(code = 1000, reason = ''): void {
    const socket = this.#socket
    if (socket.readyState === CLOSED) return
    socket.readyState = CLOSING
    queueMicrotask(() => this.closed(code, reason, true))
  }

  fail(): void {
    if (this.#socket.readyState !== CLOSED) this.#socket.dispatchEvent(new Event('error'))
  }

  /** A message the application sent: the handlers' `message` event, then the real server unless prevented. */
  receive(data: Data): void {
    const event = new SocketMessageEvent('message', data, this.#socket.url, true, this.#socket)
    this.dispatchEvent(event)
    if (!event.defaultPrevented) this.server?.forward(data)
  }

  /** The socket is closed: both ends hear it, and the real connection (if any) closes. */
  closed(code: number, reason: string, wasClean: boolean): void {
    const socket = this.#socket
    if (socket.readyState === CLOSED) return
    socket.readyState = CLOSED
    this.#pending = undefined
    socket.dispatchEvent(new SocketCloseEvent(code, reason, wasClean))
    this.dispatchEvent(new SocketCloseEvent(code, reason, wasClean, false, socket))
    this.server?.close()
  }

  #open(protocol: string): void {
    const socket = this.#socket
    if (socket.readyState !== CONNECTING) return
    socket.readyState = OPEN
    socket.protocol = protocol
    socket.dispatchEvent(new Event('open'))
    const pending = this.#pending
    this.#pending = undefined
    for (const data of pending ?? []) this.#enqueue(data)
  }

  /** The exchange the runtime decides. */
  exchange(): WebSocketExchange {
    const server = new BridgedServer(this, this.protocols)
    const protocols = this.protocols
    return {
      kind: 'websocket',
      id: this.id,
      url: this.url,
      protocols,
      connection: { client: this, server, info: { protocols: protocols.length === 0 ? undefined : protocols.length === 1 ? protocols[0] : protocols } },
      accept: () => this.#open(protocols[0] ?? ''),
      passthrough: () => {
        server.addEventListener('open', () => this.#open(server.protocol))
        server.connect()
      },
      errorWith: (error) => {
        if (this.#socket.readyState === CLOSED) return
        const event = new Event('error')
        Object.defineProperty(event, 'cause', { value: error, enumerable: true })
        this.#socket.dispatchEvent(event)
        // As msw: a failed connection closes uncleanly, and never opens.
        this.#socket.readyState = CLOSING
        queueMicrotask(() => this.closed(INTERNAL_ERROR, closeReason(error), false))
      },
    }
  }
}

function socketUrl(url: string | URL): URL {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw new DOMException(`"${String(url)}" is not a valid WebSocket URL.`, 'SyntaxError')
  }
  if (parsed.protocol === 'http:') parsed.protocol = 'ws:'
  else if (parsed.protocol === 'https:') parsed.protocol = 'wss:'
  if (parsed.protocol !== 'ws:' && parsed.protocol !== 'wss:') throw new DOMException(`The WebSocket URL's scheme must be ws or wss, but "${String(url)}" has ${parsed.protocol}`, 'SyntaxError')
  if (parsed.hash !== '') throw new DOMException(`A WebSocket URL has no fragment, but "${String(url)}" has one.`, 'SyntaxError')
  return parsed
}

function isList(value: unknown): value is readonly string[] {
  return Array.isArray(value)
}

function protocolsOf(init: { protocols?: string | readonly string[] }): string[] {
  const { protocols } = init
  return protocols === undefined ? [] : typeof protocols === 'string' ? [protocols] : [...protocols]
}

/** Binary data as the socket's `binaryType` asks (a Blob, or an ArrayBuffer of its own). */
function toBinaryType(data: Exclude<Data, string>, binaryType: 'blob' | 'arraybuffer'): Blob | ArrayBuffer | Promise<ArrayBuffer> {
  if (binaryType === 'blob') return data instanceof Blob ? data : new Blob([data as ArrayBuffer])
  if (data instanceof Blob) return data.arrayBuffer()
  if (data instanceof ArrayBuffer) return data.slice(0)
  const view = data as ArrayBufferView
  return (view.buffer as ArrayBuffer).slice(view.byteOffset, view.byteOffset + view.byteLength)
}

