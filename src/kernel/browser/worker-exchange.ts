import type { RequestReply, SerializedRequest } from '../../worker-protocol/messages.js'
import type { HttpExchange } from '../contracts.js'
import { bypassMarkOf } from '../passthrough.js'
import type { ReportTracker } from './report-tracker.js'
import { deserializeRequest, serializeResponse, type SerializedAnswer } from './serialize.js'

/** Sends the page's reply to one request of the worker, with what to transfer. */
export type ReplySender = (reply: RequestReply, transfer: Transferable[]) => void

/** Where a passthrough that wants the real response waits for the worker to report it (`undefined`: the network failed). */
export type ReportWaiters = Map<string, (response: Response | undefined) => void>

/**
 * The exchange for a request the worker sent: whatever the runtime decides
 * (mocked answer, network error, passthrough) goes back through `send`, once.
 * `undefined` when the request cannot be rebuilt in the page; the worker was
 * told then, and fails it as a network error. A report asked of the worker is
 * tracked by `tracker` from before the worker is told to pass through, so a
 * recording's `settled()` knows of it before the client can see the response.
 *
 * @example
 * const exchange = workerExchange(message.request, (reply, transfer) => port.postMessage(reply, transfer), reports, tracker)
 * if (exchange) void sink(exchange)
 */
export function workerExchange(serialized: SerializedRequest, send: ReplySender, reports: ReportWaiters, tracker: ReportTracker): HttpExchange | undefined {
  let replied = false
  const reply = (message: RequestReply, transfer: Transferable[] = []): void => {
    if (replied) return
    replied = true
    send(message, transfer)
  }
  let request: Request
  try {
    request = deserializeRequest(serialized)
  } catch (error) {
    console.error('[mocklib] Could not read an intercepted request; it fails as a network error.', error)
    reply({ type: 'error', message: String(error) })
    return undefined
  }
  const mocked = (answer: SerializedAnswer): void => reply({ type: 'mocked', response: answer.response }, answer.transfer)
  return {
    kind: 'http',
    id: serialized.id,
    request,
    bypassed: bypassMarkOf(request) === 'bypass',
    respondWith(response) {
      if (response.type === 'error') return reply({ type: 'error', message: 'Network error' })
      const answer = serializeResponse(response)
      // Most answers serialise at once: no Promise turn between the handler and the worker.
      if (!(answer instanceof Promise)) return mocked(answer)
      answer.then(mocked, (error: unknown) => reply({ type: 'error', message: String(error) }))
    },
    errorWith(error) {
      reply({ type: 'error', message: error.message })
    },
    passthrough(report) {
      if (!report) {
        reply({ type: 'passthrough', report: false })
        return Promise.resolve(undefined)
      }
      const real = tracker.track(new Promise<Response | undefined>((resolve) => reports.set(serialized.id, resolve)))
      reply({ type: 'passthrough', report: true })
      return real
    },
  }
}
