import type { RequestContext } from '../../kernel/index.js'
import { openEventStream } from '../sse/sse-client.js'
import type { ParsedOperation } from './graphql-operation.js'
import type { SubscriptionCandidate } from './subscription-connection.js'
import { errorMessage, pump, resolverInfo } from './subscription-stream.js'

/**
 * `undefined` when the resolver answered nothing. "Distinct connections" mode: a `next` event per
 * result, then `complete`, and the stream closes; a resolver that throws sends a last `next` with
 * `errors`. The client leaving aborts the resolver's signal.
 */
export async function respondWithStream(handler: SubscriptionCandidate, operation: ParsedOperation, context: RequestContext): Promise<Response | undefined> {
  const controller = new AbortController()
  const iterator = await handler.open(resolverInfo(operation, context, 'sse', controller.signal))
  if (iterator === undefined) return undefined
  const { client, response } = openEventStream(controller.signal, 'text/event-stream; charset=utf-8', () => controller.abort())
  const end = () => {
    client.send({ event: 'complete', data: '' })
    client.close()
  }
  void pump(iterator, controller.signal, {
    next: (result) => client.send({ event: 'next', data: result }),
    error: (error) => {
      client.send({ event: 'next', data: { errors: [{ message: errorMessage(error) }] } })
      end()
    },
    complete: end,
  }, handler.label)
  const requestSignal = context.request.signal
  if (requestSignal.aborted) controller.abort()
  else requestSignal.addEventListener('abort', () => controller.abort(), { once: true })
  return response
}
