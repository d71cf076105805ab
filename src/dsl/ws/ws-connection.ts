import type { WebSocketConnectionRecord } from './connection-record.js'
import type {
  RawClientConnection,
  RawServerConnection,
  WebSocketCloseEvent,
  WebSocketConnectionInfo,
  WebSocketEvent,
  WebSocketLike,
  WebSocketListener,
  WebSocketListenerOptions,
  WebSocketMessageEvent,
} from './ws-events.js'
import type { WebSocketData } from './ws-types.js'

/**
 * What a `connection` listener receives.
 *
 * @example
 * link.addEventListener('connection', ({ client, server, params, info }) => {
 *   if (!info.protocols?.includes('chat.v2')) client.close(4000, 'chat.v2 required')
 * })
 */
export interface WebSocketConnectionInfoArgument<Params, Incoming, Outgoing> {
  readonly client: WebSocketClient<Incoming, Outgoing>
  readonly server: WebSocketServer<Incoming>
  /** Params of the link URL, URL-decoded. */
  readonly params: Params
  /** `protocols` as the application passed them to `new WebSocket(url, protocols)`. */
  readonly info: WebSocketConnectionInfo
}

/**
 * A `connection` listener.
 *
 * @example
 * const greet: WebSocketConnectionListener<{ room: string }, WebSocketData, WebSocketData> = ({ client, params }) =>
 *   client.send(`welcome to ${params.room}`)
 */
export type WebSocketConnectionListener<Params, Incoming, Outgoing> = (
  connection: WebSocketConnectionInfoArgument<Params, Incoming, Outgoing>,
) => unknown

/** What the handlers of one link share. @internal */
export interface LinkCore {
  readonly url: string | RegExp
  readonly header: string
  readonly parse?: ((data: WebSocketData) => unknown) | undefined
  /** True for `mock.ws` links: their handlers expect connections (`assertDone()`). */
  readonly expected: boolean
  track(client: WebSocketClient<any, any>): void
  remember(record: WebSocketConnectionRecord<any>): void
}

/** `unwrap` finds the wrapper `removeEventListener` removes. @internal */
export interface ListenerTable {
  wrap(type: string, listener: WebSocketListener, parseMessages: boolean): WebSocketListener
  unwrap(type: string, listener: WebSocketListener): WebSocketListener | undefined
}

/**
 * The events of the client end.
 *
 * @example
 * client.addEventListener('close', (event: WebSocketClientEventMap<string>['close']) => console.log(event.code))
 */
export interface WebSocketClientEventMap<Incoming> {
  message: WebSocketMessageEvent<Incoming>
  close: WebSocketCloseEvent
}

/**
 * The events of the real server end, after `server.connect()`.
 *
 * @example
 * server.addEventListener('open', () => server.send('hello from the handler'))
 */
export interface WebSocketServerEventMap {
  open: WebSocketEvent
  message: WebSocketMessageEvent<WebSocketData>
  error: WebSocketEvent
  close: WebSocketCloseEvent
}

/**
 * The client end of a mocked connection (msw's `client`): `message` events are parsed as the link
 * declares; `send` sends a typed message as JSON.
 *
 * @example
 * chat.addEventListener('connection', ({ client }) => {
 *   client.addEventListener('message', (event) => client.send(event.data))
 * })
 */
export class WebSocketClient<Incoming = WebSocketData, Outgoing = WebSocketData> {
  readonly #raw: RawClientConnection
  readonly #listeners: ListenerTable

  /** @internal Made for each handler that takes a connection. */
  constructor(raw: RawClientConnection, listeners: ListenerTable) {
    this.#raw = raw
    this.#listeners = listeners
  }

  /** Unique per connection, the same for every handler of it. */
  get id(): string {
    return this.#raw.id
  }

  /** The URL the application connected to. */
  get url(): URL {
    return this.#raw.url
  }

  /** The application's socket object. */
  get socket(): WebSocketLike {
    return this.#raw.socket
  }

  /** The underlying @mswjs/interceptors connection (what msw exposes as `client`). */
  get connection(): RawClientConnection {
    return this.#raw
  }

  /** Raw data as it is, anything else as JSON. */
  send(data: Outgoing): void {
    this.#raw.send(serialize(data))
  }

  /** Unlike `WebSocket.close()`, any code is allowed, so a handler can play a server (`1011`…). */
  close(code?: number, reason?: string): void {
    this.#raw.close(code, reason)
  }

  addEventListener<Type extends keyof WebSocketClientEventMap<Incoming>>(
    type: Type,
    listener: (event: WebSocketClientEventMap<Incoming>[Type]) => unknown,
    options?: WebSocketListenerOptions | boolean,
  ): void {
    this.#raw.addEventListener(type, this.#listeners.wrap(type, listener, true), options)
  }

  removeEventListener<Type extends keyof WebSocketClientEventMap<Incoming>>(
    type: Type,
    listener: (event: WebSocketClientEventMap<Incoming>[Type]) => unknown,
    options?: WebSocketListenerOptions | boolean,
  ): void {
    const wrapped = this.#listeners.unwrap(type, listener)
    if (wrapped !== undefined) this.#raw.removeEventListener(type, wrapped, options)
  }
}

/**
 * The real server end (msw's `server`): after `connect()`, messages flow both ways unless a
 * `message` listener calls `event.preventDefault()`.
 *
 * @example
 * chat.addEventListener('connection', ({ server, client }) => {
 *   server.connect()
 *   server.addEventListener('message', (event) => {
 *     event.preventDefault()
 *     client.send(String(event.data).toUpperCase())
 *   })
 * })
 */
export class WebSocketServer<Incoming = WebSocketData> {
  readonly #raw: RawServerConnection
  readonly #listeners: ListenerTable

  /** @internal Made for each handler that takes a connection. */
  constructor(raw: RawServerConnection, listeners: ListenerTable) {
    this.#raw = raw
    this.#listeners = listeners
  }

  /** The underlying @mswjs/interceptors connection (what msw exposes as `server`). */
  get connection(): RawServerConnection {
    return this.#raw
  }

  /** The real socket's state: `-1` before `connect()`. */
  get readyState(): number {
    return this.#raw.readyState
  }

  /** Opens the connection to the real server (same URL and protocols). */
  connect(): void {
    this.#raw.connect()
  }

  /** Raw data as it is, anything else as JSON. */
  send(data: Incoming | WebSocketData): void {
    this.#raw.send(serialize(data))
  }

  /** Closes the connection to the real server. */
  close(): void {
    this.#raw.close()
  }

  addEventListener<Type extends keyof WebSocketServerEventMap>(
    type: Type,
    listener: (event: WebSocketServerEventMap[Type]) => unknown,
    options?: WebSocketListenerOptions | boolean,
  ): void {
    this.#raw.addEventListener(type, this.#listeners.wrap(type, listener, false), options)
  }

  removeEventListener<Type extends keyof WebSocketServerEventMap>(
    type: Type,
    listener: (event: WebSocketServerEventMap[Type]) => unknown,
    options?: WebSocketListenerOptions | boolean,
  ): void {
    const wrapped = this.#listeners.unwrap(type, listener)
    if (wrapped !== undefined) this.#raw.removeEventListener(type, wrapped, options)
  }
}

function isRawData(value: unknown): value is WebSocketData {
  return (
    typeof value === 'string' ||
    value instanceof ArrayBuffer ||
    ArrayBuffer.isView(value) ||
    (typeof SharedArrayBuffer !== 'undefined' && value instanceof SharedArrayBuffer) ||
    (typeof Blob !== 'undefined' && value instanceof Blob)
  )
}

function serialize(value: unknown): WebSocketData {
  return isRawData(value) ? value : JSON.stringify(value)
}
