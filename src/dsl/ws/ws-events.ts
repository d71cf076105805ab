import type { WebSocketData } from './ws-types.js'

// Structural: the published types need neither the DOM lib nor the interceptors' ESM-only declarations.

/**
 * An event of a WebSocket connection end, as listeners see it.
 *
 * @example
 * server.addEventListener('open', (event: WebSocketEvent) => console.log(event.type))
 */
export interface WebSocketEvent {
  readonly type: string
  /** The connection end the event happened on (the application's WebSocket for client events, as in msw). */
  readonly target: unknown
  /** The object whose listener runs now. */
  readonly currentTarget: unknown
  readonly defaultPrevented: boolean
  /** Stops mocklib forwarding the event (client → server or server → client). */
  preventDefault(): void
  /** Stops the listeners of the other handlers (links) of this connection. */
  stopPropagation(): void
  /** Stops every later listener, this handler's too. */
  stopImmediatePropagation(): void
}

/**
 * A `message` event; `data` is typed (and parsed) as the link declares.
 *
 * @example
 * client.addEventListener('message', (event: WebSocketMessageEvent<string>) => client.send(event.data))
 */
export interface WebSocketMessageEvent<Data = WebSocketData> extends WebSocketEvent {
  readonly data: Data
}

/**
 * A `close` event.
 *
 * @example
 * client.addEventListener('close', (event: WebSocketCloseEvent) => console.log(event.code, event.reason))
 */
export interface WebSocketCloseEvent extends WebSocketEvent {
  readonly code: number
  readonly reason: string
  readonly wasClean: boolean
}

/**
 * Options of `addEventListener` on a connection end.
 *
 * @example
 * client.addEventListener('message', onMessage, { once: true })
 */
export interface WebSocketListenerOptions {
  readonly once?: boolean
  readonly signal?: AbortSignal
  readonly capture?: boolean
}

/**
 * What the application asked for when it connected.
 *
 * @example
 * chat.addEventListener('connection', ({ info }) => info.protocols)
 */
export interface WebSocketConnectionInfo {
  /** `protocols` as passed to `new WebSocket(url, protocols)`. */
  readonly protocols: string | readonly string[] | undefined
}

/**
 * The application's socket, as far as handlers read it.
 *
 * @example
 * chat.addEventListener('connection', ({ client }) => client.socket.readyState)
 */
export interface WebSocketLike {
  readonly url: string
  readonly readyState: number
  readonly protocol: string
}

export type WebSocketListener = (this: any, event: any) => unknown

interface RawEnd {
  addEventListener(type: string, listener: WebSocketListener, options?: WebSocketListenerOptions | boolean): void
  removeEventListener(type: string, listener: WebSocketListener, options?: WebSocketListenerOptions | boolean): void
}

/** The interceptors' `WebSocketClientConnection`. @internal */
export interface RawClientConnection extends RawEnd {
  readonly id: string
  readonly url: URL
  readonly socket: WebSocketLike
  send(data: WebSocketData): void
  close(code?: number, reason?: string): void
}

/** The interceptors' `WebSocketServerConnection`. @internal */
export interface RawServerConnection extends RawEnd {
  readonly readyState: number
  connect(): void
  send(data: WebSocketData): void
  close(): void
}

/** @internal */
export interface WebSocketConnectionEnds {
  readonly client: RawClientConnection
  readonly server: RawServerConnection
  readonly info: WebSocketConnectionInfo
}
