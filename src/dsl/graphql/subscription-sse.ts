import type { RequestContext } from '../../kernel/index.js'
import { encodeEvent } from '../sse/event-stream-encoder.js'
import type { ParsedOperation } from './graphql-operation.js'
import type { SubscriptionCandidate, SubscriptionIterator } from './subscription-connection.js'
import { errorMessage, pump, resolverInfo } from './subscription-stream.js'

// GraphQL over SSE, loaded by the first subscription request a subscription handler answers.

const STREAM_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache',
  connection: 'keep-alive',
}

/** `undefined` when the resolver answered nothing. */
export async function respondWithStream(handler: SubscriptionCandidate, operation: ParsedOperation, context: RequestContext): Promise<Response | undefined> {
  const controller = new AbortController()
  const iterator = await handler.open(resolverInfo(operation, context, context.requestId, 'sse', controller.signal))
  if (iterator === undefined) return undefined
  return eventStreamResponse(iterator, controller, context.request.signal, handler.label)
}

/**
 * "Distinct connections" mode: a `next` event per result, then `complete`, and the stream closes; a
 * resolver that throws sends a last `next` with `errors`. The client leaving aborts `controller`.
 */
function eventStreamResponse(iterator: SubscriptionIterator, controller: AbortController, requestSignal: AbortSignal, handler: string): Response {
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
