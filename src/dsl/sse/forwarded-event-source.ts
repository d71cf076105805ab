import { onFirstUse } from '../../kernel/on-first-use.js'

/**
 * What reads the real stream: loaded with the first `server.connect()`, so
 * `import 'mocklib'` does not compile it (nor its event-stream parser).
 * Reading is asynchronous anyway: the first stream only starts a few microtasks later.
 */
const realStreamReading = onFirstUse(() => import('./real-stream-reading.js'))

type Listener<E extends Event> = ((this: ForwardedEventSource, event: E) => unknown) | null

/**
 * The real event stream behind `server.connect()`: an `EventSource`-shaped
 * object that reads the real server's stream with `fetch(bypass(...))` (so no
 * handler sees it) and dispatches its events. Every `message`-like event and
 * `error` is cancelable: `event.preventDefault()` in a listener stops it from
 * being forwarded to the mocked client. It does not reconnect: when the real
 * stream ends, it dispatches `error` and closes (the mocked client then errors,
 * and the application's `EventSource` reconnects through the handler).
 *
 * @example
 * sse('https://api.example/feed', ({ server }) => {
 *   const source = server.connect()
 *   source.onmessage = (event) => console.log('real event', event.data)
 * })
 */
export class ForwardedEventSource extends EventTarget {
  static readonly CONNECTING = 0
  static readonly OPEN = 1
  static readonly CLOSED = 2
  readonly CONNECTING = 0
  readonly OPEN = 1
  readonly CLOSED = 2
  readonly url: string
  readonly withCredentials: boolean
  readyState = 0
  readonly #abort = new AbortController()
  #handlers = new Map<string, EventListener>()

  /** @internal Made by `server.connect()`. */
  constructor(request: Request, forward: (event: Event) => void) {
    super()
    this.url = request.url
    this.withCredentials = request.credentials === 'include'
    if (request.signal.aborted) {
      this.readyState = this.CLOSED
      return
    }
    request.signal.addEventListener('abort', () => this.close(), { once: true, signal: this.#abort.signal })
    void realStreamReading.use((reading) => reading.readRealStream(this, request, forward, this.#abort))
  }

  get onopen(): Listener<Event> {
    return this.#handler('open')
  }
  set onopen(listener: Listener<Event>) {
    this.#setHandler('open', listener)
  }
  get onmessage(): Listener<MessageEvent> {
    return this.#handler('message')
  }
  set onmessage(listener: Listener<MessageEvent>) {
    this.#setHandler('message', listener as Listener<Event>)
  }
  get onerror(): Listener<Event> {
    return this.#handler('error')
  }
  set onerror(listener: Listener<Event>) {
    this.#setHandler('error', listener)
  }

  /** Closes the real stream. The mocked client stays open. */
  close(): void {
    this.readyState = this.CLOSED
    this.#abort.abort()
  }

  #handler<E extends Event>(type: string): Listener<E> {
    return ((this.#handlers.get(type) as unknown as { original?: Listener<E> } | undefined)?.original ?? null) as Listener<E>
  }

  #setHandler(type: string, listener: Listener<Event>): void {
    const previous = this.#handlers.get(type)
    if (previous !== undefined) this.removeEventListener(type, previous)
    if (typeof listener !== 'function') return void this.#handlers.delete(type)
    const wrapped = Object.assign((event: Event) => listener.call(this, event), { original: listener })
    this.#handlers.set(type, wrapped)
    this.addEventListener(type, wrapped)
  }
}
