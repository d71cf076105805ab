import { message } from '../../kernel/index.js'
import { encodeEvent } from './event-stream-encoder.js'
import type { ServerSentEventMap, ServerSentEventMessage } from './sse-types.js'

const encoder = /* @__PURE__ */ new TextEncoder()

/**
 * The client end of a mocked event stream: what the resolver writes to.
 *
 * @example
 * sse('/stream', ({ client }) => {
 *   client.send({ data: { hello: 'world' } })
 *   client.send({ event: 'tick', id: '1', data: 'one\ntwo' })
 *   client.close()
 * })
 */
export class ServerSentEventClient<EventMap extends ServerSentEventMap = { message: unknown }> {
  readonly #controller: ReadableStreamDefaultController<Uint8Array>
  #open = true
  /** Written as one chunk at the end of the tick: a reader wakes once, not per event. */
  #batch = ''

  /** @internal Made by `sse()` for each request. */
  constructor(controller: ReadableStreamDefaultController<Uint8Array>) {
    this.#controller = controller
  }

  /** False once the stream was closed, errored, or aborted by the client. */
  get isOpen(): boolean {
    return this.#open
  }

  /** `data` (objects as JSON), an optional `event` and `id`; or `{ retry }` alone. Ignored once ended. */
  send(payload: ServerSentEventMessage<EventMap>): void {
    const { retry, id, event, data } = payload as { retry?: number; id?: string; event?: string; data?: unknown }
    if (retry !== undefined && retry !== null) return this.#write(`retry:${retry}\n\n`)
    this.#write(encodeEvent({ id, event, data }))
  }

  /** A `MessageEvent` is sent as an event of its type; `error` errors the stream, `close` closes it. */
  dispatchEvent(event: Event): void {
    if (typeof MessageEvent !== 'undefined' && event instanceof MessageEvent) {
      this.#write(encodeEvent({ id: event.lastEventId, event: event.type, data: event.data }))
    } else if (event.type === 'error') this.error()
    else if (event.type === 'close') this.close()
  }

  /** Fails the stream: the client sees a network error (an `EventSource` reconnects). */
  error(): void {
    if (!this.#open) return
    this.#open = false
    this.#controller.error(new TypeError(message('The mocked event stream was errored by its handler (client.error()).')))
  }

  /** Ends the stream normally (an `EventSource` reconnects after its retry time). */
  close(): void {
    if (!this.#open) return
    this.#flush()
    this.#open = false
    try {
      this.#controller.close()
    } catch {
      // The reader already cancelled the stream.
    }
  }

  #write(frame: string): void {
    if (!this.#open) return
    if (this.#batch === '') queueMicrotask(() => this.#flush())
    this.#batch += frame
  }

  #flush(): void {
    const batch = this.#batch
    if (batch === '' || !this.#open) return
    this.#batch = ''
    try {
      this.#controller.enqueue(encoder.encode(batch))
    } catch {
      // The reader went away: the stream is over.
      this.#open = false
    }
  }
}

/**
 * A mocked event stream (200, `contentType`, not cached) and the client end that writes it. `signal`
 * aborting closes it; a reader cancelling the body closes it and calls `onCancel`.
 */
export function openEventStream(signal: AbortSignal, contentType: string, onCancel?: () => void): { client: ServerSentEventClient<any>; response: Response } {
  let controller!: ReadableStreamDefaultController<Uint8Array>
  const body = new ReadableStream<Uint8Array>({
    start: (started) => {
      controller = started
    },
    cancel: () => {
      client.close()
      onCancel?.()
    },
  })
  const client = new ServerSentEventClient<any>(controller)
  if (signal.aborted) client.close()
  else signal.addEventListener('abort', () => client.close(), { once: true })
  const headers = { 'content-type': contentType, 'cache-control': 'no-cache', connection: 'keep-alive' }
  return { client, response: new Response(body, { status: 200, headers }) }
}
