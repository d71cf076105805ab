import type { WebSocketExchange } from '../../contracts.js'
import { message } from '../../errors.js'
import { onFirstUse } from '../../on-first-use.js'
import type { Data } from './websocket-bridge-ends.js'
import type { MockSocketClient } from './websocket-socket-client.js'

type ClientModule = typeof import('./websocket-socket-client.js')
// Loaded by the first socket; until then, what that socket does with its end waits, in order.
const clients = onFirstUse(
  () => import('./websocket-socket-client.js'),
  (error) => new Error(message(`The WebSocket ends could not be loaded (${String(error)}).`, 'If mocklib/node is bundled, keep the chunks it imports next to it.')),
)

type Handler = ((this: MockWebSocket, event: any) => unknown) | null

let startOnCreate = true

/** The global WebSocket while setupServer listens: no network under it; handlers talk to it through its `MockSocketClient`. */
export class MockWebSocket extends EventTarget {
  static readonly CONNECTING = 0
  static readonly OPEN = 1
  static readonly CLOSING = 2
  static readonly CLOSED = 3
  readonly CONNECTING = MockWebSocket.CONNECTING
  readonly OPEN = MockWebSocket.OPEN
  readonly CLOSING = MockWebSocket.CLOSING
  readonly CLOSED = MockWebSocket.CLOSED

  readonly url: string
  readyState: number = MockWebSocket.CONNECTING
  protocol = ''
  readonly extensions = ''
  bufferedAmount = 0
  binaryType: 'blob' | 'arraybuffer' = 'blob'
  readonly #parsedUrl: URL
  readonly #requested: readonly string[]
  #client: MockSocketClient | undefined
  readonly #handlers = new Map<string, Handler>()

  constructor(url: string | URL, protocols?: string | readonly string[] | { protocols?: string | readonly string[] }) {
    super()
    const parsed = socketUrl(url)
    this.url = parsed.href
    const given = typeof protocols === 'object' && !Array.isArray(protocols) ? (protocols as { protocols?: string | readonly string[] }).protocols : protocols
    const requested = given === undefined ? [] : typeof given === 'string' ? [given] : [...given]
    if (new Set(requested).size !== requested.length) throw new DOMException(`The subprotocols ${JSON.stringify(requested)} repeat a name.`, 'SyntaxError')
    this.#parsedUrl = parsed
    this.#requested = requested
    if (!startOnCreate) return
    const start = MockWebSocket.sink
    if (start === undefined) throw new Error(message('A mocked WebSocket was created while no server listens.'))
    this.withClient((client) => start(client.exchange()))
  }

  /** On a later microtask, as a network event would come; a failed load fails the socket as a refused connection does. */
  withClient(use: (client: MockSocketClient) => void, failed?: (error: Error) => void): void {
    const loaded = clients.loaded
    if (loaded !== undefined) return queueMicrotask(() => use(this.#clientOf(loaded)))
    void clients.load().then(
      (loaded) => use(this.#clientOf(loaded)),
      (error: Error) => {
        failed?.(error)
        if (this.readyState === this.CLOSED) return
        this.readyState = this.CLOSED
        this.dispatchEvent(new Event('error'))
        this.dispatchEvent(Object.assign(new Event('close'), { code: 1006, reason: '', wasClean: false }))
      },
    )
  }

  #clientOf(loaded: ClientModule): MockSocketClient {
    return (this.#client ??= new loaded.MockSocketClient(this, this.#parsedUrl, this.#requested))
  }

  /** Not offered to the runtime: the caller builds its exchange and decides where it goes. */
  static unstarted(url: string | URL): MockWebSocket {
    startOnCreate = false
    try {
      return new MockWebSocket(url)
    } finally {
      startOnCreate = true
    }
  }

  /** Set by the source while it runs. */
  static sink: ((exchange: WebSocketExchange) => unknown) | undefined

  // As the standard's: one listener each, which the next assignment replaces.
  declare onopen: Handler
  declare onmessage: Handler
  declare onerror: Handler
  declare onclose: Handler

  static {
    for (const type of ['open', 'message', 'error', 'close']) {
      Object.defineProperty(this.prototype, `on${type}`, {
        configurable: true,
        get(this: MockWebSocket): Handler {
          return this.#handlers.get(type) ?? null
        },
        set(this: MockWebSocket, handler: Handler) {
          const previous = this.#handlers.get(type)
          if (previous) this.removeEventListener(type, previous as EventListener)
          if (typeof handler === 'function') {
            this.#handlers.set(type, handler)
            this.addEventListener(type, handler as EventListener)
          } else this.#handlers.delete(type)
        },
      })
    }
  }

  send(data: Data): void {
    if (this.readyState === this.CONNECTING) throw new DOMException('The WebSocket is still connecting.', 'InvalidStateError')
    if (this.readyState !== this.OPEN) return
    queueMicrotask(() => this.#client!.receive(data))
  }

  close(code?: number, reason?: string): void {
    if (code !== undefined && code !== 1000 && (code < 3000 || code > 4999)) {
      throw new DOMException(`The close code must be 1000 or between 3000 and 4999, but got ${code}.`, 'InvalidAccessError')
    }
    if (reason !== undefined && new TextEncoder().encode(reason).length > 123) throw new DOMException('The close reason is longer than 123 bytes.', 'SyntaxError')
    if (this.readyState === this.CLOSING || this.readyState === this.CLOSED) return
    if (this.readyState === this.CONNECTING) {
      // Closed before the handshake finished: the connection failed.
      this.readyState = this.CLOSING
      this.withClient((client) => {
        this.dispatchEvent(new Event('error'))
        client.closed(1006, '', false)
      })
      return
    }
    this.readyState = this.CLOSING
    queueMicrotask(() => this.#client!.closed(code ?? 1005, reason ?? '', true))
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
