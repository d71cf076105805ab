import type { RequestContext } from '../../kernel/index.js'
import { encodeEvent } from '../sse/event-stream-encoder.js'
import type { ParsedOperation } from './graphql-operation.js'
import type { SubscriptionCandidate } from './subscription-connection.js'
import { errorMessage, pump, resolverInfo } from './subscription-stream.js'

// GraphQL over SSE, loaded by the first subscription request a subscription handler answers.

const STREAM_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache',
  connection: 'keep-alive',
}

/**
 * `undefined` when the resolver answered nothing. "Distinct connections" mode: a `next` event per
 * result, then `complete`, and the stream closes; a resolver that throws sends a last `next` with
 * `errors`. The client leaving aborts the resolver's signal.
 */
export async function respondWithStream(handler: SubscriptionCandidate, operation: ParsedOperation, context: RequestContext): Promise<Response | undefined> {
  const controller = new AbortController()
  const iterator = await handler.open(resolverInfo(operation, context, context.requestId, 'sse', controller.signal))
  if (iterator === undefined) return undefined
  const encoder = new TextEncoder()
  let open = true
  const body = new ReadableStream<Uint8Array>({
    start(stream) {
      const write = (frame: string) => {
        if (open) stream.enqueue(encoder.encode(frame))
      }
      const close = () => {
        if (!open) return
        open = false
        try {
          stream.close()
        } catch {
          // Already closed or errored by the reader: nothing to end.
        }
      }
      const end = () => {
        write(encodeEvent({ event: 'complete', data: '' }))
        close()
      }
      controller.signal.addEventListener('abort', close, { once: true })
      void pump(iterator, controller.signal, {
        next: (result) => write(encodeEvent({ event: 'next', data: JSON.stringify(result) })),
        error: (error) => {
          write(encodeEvent({ event: 'next', data: JSON.stringify({ errors: [{ message: errorMessage(error) }] }) }))
          end()
        },
        complete: end,
      }, handler.label)
    },
    // The application stopped reading (cancelled the body, closed its EventSource).
    cancel() {
      open = false
      controller.abort()
    },
  })
  const requestSignal = context.request.signal
  if (requestSignal.aborted) controller.abort()
  else requestSignal.addEventListener('abort', () => controller.abort(), { once: true })
  return new Response(body, { status: 200, headers: STREAM_HEADERS })
}
