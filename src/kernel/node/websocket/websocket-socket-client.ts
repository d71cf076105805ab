import type { WebSocketExchange } from '../../contracts.js'
import { createRequestId } from '../../request-context.js'
import { decidedByPolicy, offerOnly } from '../../websocket-dispatch.js'
import { closeReason, INTERNAL_ERROR } from '../../websocket-exchange.js'
import { BridgedServer, connectionInfo, SocketCloseEvent, SocketMessageEvent, type Data, type ServerPeer } from './websocket-bridge-ends.js'
import { acceptValueFor } from './websocket-frames.js'

// Loaded by the first `new WebSocket()` made while a server listens, not with mocklib/node.

/** A `MockWebSocket`, as the handlers' end drives it. */
interface ApplicationSocket extends EventTarget {
  readonly url: string
  readonly binaryType: BinaryType
  readyState: number
  protocol: string
  readonly CONNECTING: number
  readonly OPEN: number
  readonly CLOSING: number
  readonly CLOSED: number
}

/** The client end of a mocked global WebSocket as handlers see it (the surface of a bridged `ws` connection). */
export class MockSocketClient extends EventTarget implements ServerPeer {
  readonly id = createRequestId()
  server: BridgedServer | undefined
  #pending: Data[] | undefined = []

  constructor(
    readonly socket: ApplicationSocket,
    readonly url: URL,
    readonly protocols: readonly string[],
  ) {
    super()
  }

  get binaryType(): BinaryType {
    return this.socket.binaryType
  }

  /** On a later microtask. The ws DSL wraps `send` to log what handlers send: internal deliveries bypass it. */
  send(data: Data): void {
    this.#enqueue(data)
  }

  #enqueue(data: Data): void {
    const socket = this.socket
    if (socket.readyState === socket.CONNECTING) return void this.#pending?.push(data)
    if (socket.readyState !== socket.OPEN) return
    queueMicrotask(() => {
      if (socket.readyState !== socket.OPEN) return
      const converted = typeof data === 'string' ? data : toBinaryType(data, socket.binaryType)
      if (!(converted instanceof Promise)) return void socket.dispatchEvent(new SocketMessageEvent('message', converted, socket.url, false))
      void converted.then(
        (buffer) => socket.readyState === socket.OPEN && socket.dispatchEvent(new SocketMessageEvent('message', buffer, socket.url, false)),
        () => {},
      )
    })
  }

  /** Dispatched now, as msw does, so it arrives before what the `server` listeners sent in answer to it. */
  deliver(data: Data): void {
    const socket = this.socket
    if (socket.readyState !== socket.OPEN) return this.#enqueue(data)
    const converted = typeof data === 'string' ? data : toBinaryType(data, socket.binaryType)
    if (converted instanceof Promise) return this.#enqueue(data)
    socket.dispatchEvent(new SocketMessageEvent('message', converted, socket.url, false))
  }

  /** A handler may use any code (1011, 1001…). */
  close(code = 1000, reason = ''): void {
    const socket = this.socket
    if (socket.readyState === socket.CLOSED) return
    socket.readyState = socket.CLOSING
    queueMicrotask(() => this.closed(code, reason, true))
  }

  fail(): void {
    if (this.socket.readyState !== this.socket.CLOSED) this.socket.dispatchEvent(new Event('error'))
  }

  receive(data: Data): void {
    const event = new SocketMessageEvent('message', data, this.socket.url, true, this.socket)
    this.dispatchEvent(event)
    if (!event.defaultPrevented) this.server?.send(data)
  }

  closed(code: number, reason: string, wasClean: boolean): void {
    const socket = this.socket
    if (socket.readyState === socket.CLOSED) return
    socket.readyState = socket.CLOSED
    this.#pending = undefined
    socket.dispatchEvent(new SocketCloseEvent(code, reason, wasClean))
    this.dispatchEvent(new SocketCloseEvent(code, reason, wasClean, false, socket))
    this.server?.close()
  }

  #open(protocol: string): void {
    const socket = this.socket
    if (socket.readyState !== socket.CONNECTING) return
    socket.readyState = socket.OPEN
    socket.protocol = protocol
    socket.dispatchEvent(new Event('open'))
    const pending = this.#pending
    this.#pending = undefined
    for (const data of pending ?? []) this.#enqueue(data)
  }

  exchange(): WebSocketExchange {
    const server = new BridgedServer(this, this.protocols)
    const protocols = this.protocols
    const exchange: WebSocketExchange = {
      kind: 'websocket',
      id: this.id,
      url: this.url,
      protocols,
      connection: { client: this, server, info: connectionInfo(protocols) },
      accept: () => this.#open(protocols[0] ?? ''),
      passthrough: () => {
        server.connect()
        // As msw 2.15: open now, not when the real server does (what the client sends meanwhile waits).
        if (decidedByPolicy(exchange)) return this.#open(protocols[0] ?? '')
        server.addEventListener('open', () => this.#open(server.protocol))
      },
      errorWith: (error) => {
        if (this.socket.readyState === this.socket.CLOSED) return
        const event = new Event('error')
        Object.defineProperty(event, 'cause', { value: error, enumerable: true })
        this.socket.dispatchEvent(event)
        // As msw 2.15: a connection the policy refused ('error') gets that `error`, then opens, with no server behind it.
        if (decidedByPolicy(exchange)) return queueMicrotask(() => this.#open(protocols[0] ?? ''))
        // As msw: a connection that failed otherwise (a listener threw) closes uncleanly, and never opens.
        this.socket.readyState = this.socket.CLOSING
        queueMicrotask(() => this.closed(INTERNAL_ERROR, closeReason(error), false))
      },
    }
    return exchange
  }

  /** A handshake made with fetch: taken, the fetch resolves 101; else `otherwise` sends it on as HTTP. */
  offerHandshake(sink: (exchange: WebSocketExchange) => unknown, key: string, href: string, resolve: (response: Response) => void, otherwise: () => void): void {
    const connection = this.exchange()
    let fellThrough = false
    const answer = () => {
      if (!fellThrough) resolve(switchingProtocols(key, href))
    }
    const fallThrough = () => {
      fellThrough = true
      otherwise()
    }
    const exchange: WebSocketExchange = {
      ...connection,
      accept() {
        if (fellThrough) return
        connection.accept()
        answer()
      },
      // Not reached: an offered connection no handler takes falls through (`offerOnly`) instead.
      passthrough: fallThrough,
      errorWith(error) {
        // A handler took it and its listener threw: the connection fails, the handshake was answered.
        connection.errorWith(error)
        answer()
      },
    }
    offerOnly(exchange, fallThrough)
    void sink(exchange)
  }
}

function toBinaryType(data: Exclude<Data, string>, binaryType: 'blob' | 'arraybuffer'): Blob | ArrayBuffer | Promise<ArrayBuffer> {
  if (binaryType === 'blob') return data instanceof Blob ? data : new Blob([data as ArrayBuffer])
  if (data instanceof Blob) return data.arrayBuffer()
  if (data instanceof ArrayBuffer) return data.slice(0)
  const view = data as ArrayBufferView
  return (view.buffer as ArrayBuffer).slice(view.byteOffset, view.byteOffset + view.byteLength)
}

/** The Fetch API refuses to build a 101, so a 200 reads as 101, as msw's `FetchResponse` does. */
function switchingProtocols(key: string, url: string): Response {
  const response = new Response(null, {
    headers: {
      connection: 'upgrade',
      'sec-websocket-accept': acceptValueFor(key),
      upgrade: 'websocket',
    },
  })
  Object.defineProperty(response, 'status', { value: 101, enumerable: true })
  Object.defineProperty(response, 'statusText', { value: '', enumerable: true })
  Object.defineProperty(response, 'url', { value: url, enumerable: true })
  return response
}
