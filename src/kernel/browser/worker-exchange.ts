import type { RequestReply, SerializedRequest, SerializedResponse } from '../../worker-protocol/messages.js'
import type { HttpExchange } from '../contracts.js'
import { knownBodyOf, NULL_BODY_STATUSES } from '../known-body.js'
import { bypassMarkOf } from '../passthrough.js'
import type { ReportTracker } from './report-tracker.js'

export type ReplySender = (reply: RequestReply, transfer: Transferable[]) => void

/** `undefined`: the network failed. */
export type ReportWaiters = Map<string, (response: Response | undefined) => void>

/**
 * `undefined` when the request cannot be rebuilt in the page: the worker fails it. A report is tracked before
 * the worker is told to pass through, so that a recording's `settled()` knows of it before the client can.
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

function deserializeRequest(serialized: SerializedRequest): Request {
  const { url, method, headers, body, mode, cache } = serialized
  // `navigate` cannot be set from script; `only-if-cached` needs same-origin mode.
  const init: RequestInit = { ...serialized, mode: mode === 'navigate' ? undefined : mode, cache: cache === 'only-if-cached' ? undefined : cache }
  try {
    return new Request(url, init)
  } catch {
    // A combination the page may not construct: keep what handlers read.
    return new Request(url, { method, headers, body })
  }
}

let streamsTransfer: boolean | undefined

function canTransferStreams(): boolean {
  if (streamsTransfer === undefined) {
    try {
      const stream = new ReadableStream()
      const channel = new MessageChannel()
      channel.port1.postMessage(stream, [stream as unknown as Transferable])
      channel.port1.close()
      streamsTransfer = true
    } catch {
      streamsTransfer = false
    }
  }
  return streamsTransfer
}

interface SerializedAnswer {
  readonly response: SerializedResponse
  readonly transfer: Transferable[]
}

/**
 * A body built from a string goes as the string: copying it costs less than setting up a transferred stream, the
 * largest part of a small answer's trip.
 */
function serializeResponse(response: Response): SerializedAnswer | Promise<SerializedAnswer> {
  const head = { status: response.status, statusText: response.statusText, headers: [...response.headers] }
  // Asked first: reading `body` would make the stream the known body saves.
  const known = knownBodyOf(response)
  if (known !== undefined) return { response: { ...head, body: known }, transfer: [] }
  if (response.body === null || NULL_BODY_STATUSES.has(response.status)) return { response: { ...head, body: null }, transfer: [] }
  if (canTransferStreams()) {
    const body = response.body
    return { response: { ...head, body }, transfer: [body as unknown as Transferable] }
  }
  return response.arrayBuffer().then((body) => ({ response: { ...head, body }, transfer: [body] }))
}

export function deserializeResponse(serialized: SerializedResponse): Response {
  const body = NULL_BODY_STATUSES.has(serialized.status) ? null : serialized.body
  return new Response(body, { status: serialized.status, statusText: serialized.statusText, headers: serialized.headers })
}
