// Loaded with the first `server.connect()` of an `sse()` handler (see forwarded-event-source.ts),
// not by `import 'mocklib'`.
import { bypass } from '../response/real-network.js'
import { EventStreamParser } from './event-stream-parser.js'
import type { ForwardedEventSource } from './forwarded-event-source.js'

/**
 * Reads the real event stream behind `server.connect()` for `source`: fetches
 * it past every handler, dispatches `open` and each event on `source`, and
 * forwards each event `forward` unless a listener prevented it. When the real
 * stream fails or ends, `source` closes and dispatches `error` (forwarded
 * too), as an `EventSource` that does not reconnect.
 *
 * @example
 * void readRealStream(source, request, (event) => client.dispatchEvent(event), abortController)
 */
export async function readRealStream(source: ForwardedEventSource, request: Request, forward: (event: Event) => void, abort: AbortController): Promise<void> {
  const headers = new Headers(request.headers)
  headers.set('accept', 'text/event-stream')
  let lastEventId = ''
  // Dispatches, then forwards unless a listener called preventDefault().
  const emit = (event: Event) => {
    source.dispatchEvent(event)
    if (!event.defaultPrevented) forward(event)
  }
  try {
    const response = await fetch(bypass(request.url, { headers, signal: abort.signal, credentials: request.credentials }))
    const contentType = response.headers.get('content-type') ?? ''
    if (!response.ok || response.body === null || !contentType.startsWith('text/event-stream')) {
      await response.body?.cancel()
      throw new TypeError(`the real server answered ${response.status} ${contentType || '(no content-type)'}`)
    }
    if (source.readyState === source.CLOSED) return void (await response.body.cancel())
    source.readyState = source.OPEN
    source.dispatchEvent(new Event('open'))
    const parser = new EventStreamParser({
      event: ({ id, event, data }) => {
        if (id !== undefined) lastEventId = id
        emit(new MessageEvent(event, { data, lastEventId, origin: new URL(source.url).origin, cancelable: true }))
      },
      retry: () => {},
    })
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      if (source.readyState === source.CLOSED) break
      parser.push(chunk)
    }
  } catch {
    // A failed or aborted real stream is reported as `error` below, as EventSource does.
  }
  if (source.readyState === source.CLOSED) return
  source.readyState = source.CLOSED
  abort.abort()
  emit(new Event('error', { cancelable: true }))
}
