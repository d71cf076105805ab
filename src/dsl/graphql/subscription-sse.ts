import { encodeEvent } from '../sse/event-stream-encoder.js'
import { pump, type SubscriptionIterator } from './subscription-stream.js'

const STREAM_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache',
  connection: 'keep-alive',
}

/**
 * The answer of GraphQL over SSE, "distinct connections" mode: one `next`
 * event a result (its data the result as JSON), then one `complete` event,
 * and the stream closes. A resolver that throws mid-stream sends a last
 * `next` with `errors`. The request's signal aborting (the client went away)
 * or the body being cancelled aborts `controller` and stops the iterator.
 *
 * @example
 * return eventStreamResponse(iterator, controller, request.signal, 'subscription OnCount')
 */
export function eventStreamResponse(iterator: SubscriptionIterator, controller: AbortController, requestSignal: AbortSignal, handler: string): Response {
  const encoder = new TextEncoder()
  let open = true
  let streamController: ReadableStreamDefaultController<Uint8Array> | undefined
  const body = new ReadableStream<Uint8Array>({
    start(stream) {
      streamController = stream
      const write = (frame: string) => {
        if (open) stream.enqueue(encoder.encode(frame))
      }
      const end = () => {
        write(encodeEvent({ event: 'complete', data: '' }))
        if (open) stream.close()
        open = false
      }
      void pump(iterator, controller.signal, {
        next: (result) => write(encodeEvent({ event: 'next', data: JSON.stringify(result) })),
        error: (error) => {
          write(encodeEvent({ event: 'next', data: JSON.stringify({ errors: [{ message: errorMessage(error) }] }) }))
          end()
        },
        complete: end,
      }, handler)
    },
    // The application stopped reading (cancelled the body, closed its EventSource).
    cancel() {
      open = false
      controller.abort()
    },
  })
  if (requestSignal.aborted) controller.abort()
  else requestSignal.addEventListener('abort', () => controller.abort(), { once: true })
  controller.signal.addEventListener(
    'abort',
    () => {
      if (!open) return
      open = false
      try {
        streamController?.close()
      } catch {
        // Already closed or errored by the reader: nothing to end.
      }
    },
    { once: true },
  )
  return new Response(body, { status: 200, headers: STREAM_HEADERS })
}

/**
 * The message a client sees for an error a resolver threw.
 *
 * @example
 * errorMessage(new Error('boom')) // 'boom'
 */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
