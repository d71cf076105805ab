import { EventStreamParser } from '../sse/event-stream-parser.js'

/** Browsers wait about this long before reconnecting when the stream set no `retry`. */
const DEFAULT_RETRY_MS = 3_000

type Handler = ((this: EventSource, event: Event) => unknown) | null

/**
 * An `EventSource` reading through the page's `fetch`, so in-page interception answers it from
 * `sse()` handlers. It follows the HTML standard's processing model (reconnection with
 * `Last-Event-ID` after `retry` ms; `error` then `CLOSED` for an answer that is no event stream).
 */
class PageEventSource extends EventTarget {
  static readonly CONNECTING = 0
  static readonly OPEN = 1
  static readonly CLOSED = 2
  readonly CONNECTING = 0
  readonly OPEN = 1
  readonly CLOSED = 2

  readonly url: string
  readonly withCredentials: boolean
  readyState: number = this.CONNECTING
  onopen: Handler = null
  onmessage: Handler = null
  onerror: Handler = null

  #controller: AbortController | undefined
  #retry = DEFAULT_RETRY_MS
  #lastEventId = ''
  #timer: ReturnType<typeof setTimeout> | undefined

  constructor(url: string | URL, init?: EventSourceInit) {
    super()
    let parsed: URL
    try {
      // Deno (which uses this EventSource too) has no `location` unless run with --location.
      parsed = new URL(String(url), globalThis.location?.href)
    } catch {
      throw new DOMException(`Failed to construct 'EventSource': The URL '${String(url)}' is invalid.`, 'SyntaxError')
    }
    this.url = parsed.href
    this.withCredentials = init?.withCredentials === true
    // Connecting is asynchronous, so listeners added right after `new` see `open`.
    queueMicrotask(() => void this.#connect())
  }

  close(): void {
    this.readyState = this.CLOSED
    clearTimeout(this.#timer)
    this.#controller?.abort()
  }

  override dispatchEvent(event: Event): boolean {
    const handler = event.type === 'open' ? this.onopen : event.type === 'message' ? this.onmessage : event.type === 'error' ? this.onerror : null
    const result = super.dispatchEvent(event)
    if (typeof handler === 'function') handler.call(this as unknown as EventSource, event)
    return result
  }

  async #connect(): Promise<void> {
    if (this.readyState === this.CLOSED) return
    const controller = new AbortController()
    this.#controller = controller
    const headers: Record<string, string> = { accept: 'text/event-stream', 'cache-control': 'no-cache' }
    if (this.#lastEventId !== '') headers['last-event-id'] = this.#lastEventId
    let response: Response
    try {
      response = await fetch(this.url, { headers, cache: 'no-store', credentials: this.withCredentials ? 'include' : 'same-origin', signal: controller.signal })
    } catch {
      return this.#reconnect()
    }
    if (this.readyState === this.CLOSED) return
    const type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase()
    if (response.status !== 200 || type !== 'text/event-stream' || response.body === null) return this.#fail()
    this.readyState = this.OPEN
    this.dispatchEvent(new Event('open'))
    const origin = new URL(response.url || this.url).origin
    const parser = new EventStreamParser({
      event: ({ id, event, data }) => {
        if (id !== undefined) this.#lastEventId = id
        if (this.readyState === this.CLOSED) return
        this.dispatchEvent(new MessageEvent(event, { data, lastEventId: this.#lastEventId, origin }))
      },
      retry: (milliseconds) => {
        this.#retry = milliseconds
      },
    })
    const reader = response.body.getReader()
    try {
      for (;;) {
        const { done, value } = await reader.read()
        if (done) break
        parser.push(value)
      }
    } catch {
      // The stream failed or close() aborted it: both end this connection.
    }
    this.#reconnect()
  }

  #reconnect(): void {
    if (this.readyState === this.CLOSED) return
    this.readyState = this.CONNECTING
    this.dispatchEvent(new Event('error'))
    if (this.readyState === this.CLOSED) return
    this.#timer = setTimeout(() => void this.#connect(), this.#retry)
  }

  #fail(): void {
    this.readyState = this.CLOSED
    this.dispatchEvent(new Event('error'))
  }
}

/** Returns the function that puts the browser's `EventSource` back; sources made meanwhile keep reading through fetch. */
export function patchEventSource(): () => void {
  const original = globalThis.EventSource
  globalThis.EventSource = PageEventSource as unknown as typeof EventSource
  return () => {
    if (globalThis.EventSource === (PageEventSource as unknown)) globalThis.EventSource = original
  }
}
