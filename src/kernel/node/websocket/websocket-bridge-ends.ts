import { BYPASS_HEADER, ownCall } from '../../passthrough.js'
import { nativeWebSocket } from './websocket-native.js'

/** Listeners of a connection end see the socket the event is about (as msw), not the end they listen on. */
class BoundEvent extends Event {
  constructor(
    type: string,
    cancelable: boolean,
    readonly boundTo: object | undefined,
  ) {
    super(type, { cancelable })
  }

  override get target(): EventTarget | null {
    return (this.boundTo as EventTarget | undefined) ?? super.target
  }
  override get currentTarget(): EventTarget | null {
    return (this.boundTo as EventTarget | undefined) ?? super.currentTarget
  }
}

/** undici's MessageEvent validates its init through WebIDL, which dominated a mocked round trip. */
export class SocketMessageEvent extends BoundEvent {
  constructor(
    type: string,
    readonly data: unknown,
    readonly origin: string,
    cancelable: boolean,
    boundTo?: object,
  ) {
    super(type, cancelable, boundTo)
  }

  // On the prototype, so building an event allocates nothing more.
  get lastEventId(): string {
    return ''
  }
  get source(): null {
    return null
  }
  get ports(): readonly never[] {
    return NO_PORTS
  }
}

const NO_PORTS: readonly never[] = Object.freeze([])

/** Node has no global CloseEvent before v23, and undici's validates its init through WebIDL. */
export class SocketCloseEvent extends BoundEvent {
  constructor(
    readonly code: number,
    readonly reason: string,
    readonly wasClean: boolean,
    cancelable = false,
    boundTo?: object,
  ) {
    super('close', cancelable, boundTo)
  }
}

export type Data = string | ArrayBuffer | ArrayBufferView | Blob

/** As msw's `info.protocols`: none, the one, or all requested. */
export function connectionInfo(protocols: readonly string[]): { readonly protocols?: string | readonly string[] } {
  return { protocols: protocols.length === 0 ? undefined : protocols.length === 1 ? protocols[0] : protocols }
}

/** A bridged `ws` connection, or a mocked global WebSocket. */
export interface ServerPeer {
  readonly url: URL
  server: BridgedServer | undefined
  /** As msw: the application's socket's, so a Blob stays a Blob. */
  readonly binaryType?: BinaryType
  deliver(data: Data): void
  close(code?: number, reason?: string): void
  fail?(): void
}

/** Its messages and close reach the client unless a listener prevents them. */
export class BridgedServer extends EventTarget {
  #real: WebSocket | undefined
  #pending: Data[] = []

  constructor(
    private readonly client: ServerPeer,
    private readonly protocols: readonly string[],
  ) {
    super()
    client.server = this
  }

  get readyState(): number {
    return this.#real?.readyState ?? -1
  }

  get protocol(): string {
    return this.#real?.protocol ?? ''
  }

  connect(): void {
    const NativeWebSocket = nativeWebSocket()
    if (this.#real !== undefined || NativeWebSocket === undefined) return
    // Marked as mocklib's own call, so the HTTP layers below let the upgrade through unresolved.
    const init = { protocols: [...this.protocols], headers: { [BYPASS_HEADER]: ownCall() } }
    const real = new NativeWebSocket(this.client.url, init as unknown as string[])
    real.binaryType = this.client.binaryType ?? 'arraybuffer'
    this.#real = real
    real.addEventListener('open', () => {
      for (const data of this.#pending.splice(0)) real.send(data as never)
      this.dispatchEvent(new BoundEvent('open', false, real))
    })
    real.addEventListener('message', (message) => {
      const event = new SocketMessageEvent('message', message.data, this.client.url.origin, true, real)
      this.dispatchEvent(event)
      if (!event.defaultPrevented) this.client.deliver(message.data as Data)
    })
    let closeSeen = false
    const closed = (code: number, reason: string, wasClean: boolean): void => {
      if (closeSeen) return
      closeSeen = true
      const event = new SocketCloseEvent(code, reason, wasClean, true, real)
      this.dispatchEvent(event)
      if (!event.defaultPrevented) this.client.close(code === 1005 ? 1000 : code, reason)
    }
    real.addEventListener('error', () => {
      if (closeSeen) return
      // As msw: the client sees the error too, unless a server "error" listener prevented it.
      const event = new BoundEvent('error', true, real)
      this.dispatchEvent(event)
      if (!event.defaultPrevented) this.client.fail?.()
      // Node 22's WebSocket fires no close 1006 after a failed connection, as the standard says it should.
      setTimeout(() => closed(1006, '', false), 50).unref?.()
    })
    real.addEventListener('close', (event) => closed(event.code, event.reason, event.wasClean))
  }

  send(data: Data): void {
    const real = this.#real
    if (real === undefined) return
    if (real.readyState === real.CONNECTING) this.#pending.push(data)
    else if (real.readyState === real.OPEN) real.send(data as never)
  }

  close(): void {
    const real = this.#real
    if (real !== undefined && real.readyState <= real.OPEN) real.close()
  }
}
