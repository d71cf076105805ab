import { bypass } from '../response/real-network.js'
import { EventStreamParser } from './event-stream-parser.js'
import type { ServerSentEventClient } from './sse-client.js'

/**
 * The real server end of an `sse()` handler.
 *
 * @example
 * sse('https://api.example/stream', ({ server }) => void server.connect())
 */
export class ServerSentEventServer {
  readonly #request: Request
  readonly #client: ServerSentEventClient<any>

  /** @internal Made by `sse()` for each request. */
  constructor(request: Request, client: ServerSentEventClient<any>) {
    this.#request = request
    this.#client = client
  }

  /** Opens the real stream (past every handler) and forwards each event no listener `preventDefault()`ed this turn. */
  connect(): ForwardedEventSource {
    return new ForwardedEventSource(this.#request, (event) => this.#client.dispatchEvent(event))
  }
}

type Listener<E extends Event> = ((this: ForwardedEventSource, event: E) => unknown) | null

/**
 * The real event stream behind `server.connect()`, read with `fetch(bypass(...))`. An event a
 * listener `preventDefault()`s is not forwarded. It does not reconnect: when the real stream ends it
 * dispatches `error` and closes (the application's `EventSource` then reconnects through the handler).
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
    void this.#read(request, forward)
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

  /** The mocked client stays open. */
  close(): void {
    this.readyState = this.CLOSED
    this.#abort.abort()
  }

  async #read(request: Request, forward: (event: Event) => void): Promise<void> {
    const headers = new Headers(request.headers)
    headers.set('accept', 'text/event-stream')
    let lastEventId = ''
    const emit = (event: Event) => {
      this.dispatchEvent(event)
      if (!event.defaultPrevented) forward(event)
    }
    try {
      const response = await fetch(bypass(request.url, { headers, signal: this.#abort.signal, credentials: request.credentials }))
      const contentType = response.headers.get('content-type') ?? ''
      if (!response.ok || response.body === null || !contentType.startsWith('text/event-stream')) {
        await response.body?.cancel()
        throw new TypeError(`the real server answered ${response.status} ${contentType || '(no content-type)'}`)
      }
      if (this.readyState === this.CLOSED) return void (await response.body.cancel())
      this.readyState = this.OPEN
      this.dispatchEvent(new Event('open'))
      const parser = new EventStreamParser({
        event: ({ id, event, data }) => {
          if (id !== undefined) lastEventId = id
          emit(new MessageEvent(event, { data, lastEventId, origin: new URL(this.url).origin, cancelable: true }))
        },
        retry: () => {},
      })
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        if (this.readyState === this.CLOSED) break
        parser.push(chunk)
      }
    } catch {
      // A failed or aborted real stream is reported as `error` below, as EventSource does.
    }
    if (this.readyState === this.CLOSED) return
    this.readyState = this.CLOSED
    this.#abort.abort()
    emit(new Event('error', { cancelable: true }))
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
