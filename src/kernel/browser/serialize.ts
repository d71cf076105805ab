import type { SerializedRequest, SerializedResponse } from '../../worker-protocol/messages.js'
import { knownBodyOf } from '../known-body.js'

/** Rebuilds the Fetch `Request` the worker intercepted, as handlers expect it. */
export function deserializeRequest(serialized: SerializedRequest): Request {
  const init: RequestInit = {
    method: serialized.method,
    headers: serialized.headers,
    body: serialized.body,
    credentials: serialized.credentials,
    redirect: serialized.redirect,
    referrer: serialized.referrer,
    referrerPolicy: serialized.referrerPolicy,
    keepalive: serialized.keepalive,
  }
  // `navigate` cannot be set from script; `only-if-cached` needs same-origin mode.
  if (serialized.mode !== 'navigate') init.mode = serialized.mode
  if (serialized.cache !== 'only-if-cached') init.cache = serialized.cache
  try {
    return new Request(serialized.url, init)
  } catch {
    // A combination the page may not construct: keep what handlers read.
    return new Request(serialized.url, { method: serialized.method, headers: serialized.headers, body: serialized.body })
  }
}

// Statuses whose response has no body, where `new Response(body)` throws.
const NULL_BODY_STATUS = new Set([101, 103, 204, 205, 304])

let streamsTransfer: boolean | undefined

/** True where a ReadableStream can be transferred through postMessage. */
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

/** A mocked response as the worker needs it, and what to transfer with it. */
export interface SerializedAnswer {
  readonly response: SerializedResponse
  readonly transfer: Transferable[]
}

/**
 * A mocked response as the worker needs it. A body built from a string goes
 * as that string (copying it costs less than setting up a transferred
 * stream, the largest part of a small answer's trip); any other body streams
 * where the browser transfers streams, else it is read whole (then, and only
 * then, the result is a Promise).
 *
 * @example
 * const answer = serializeResponse(response)
 * port.postMessage(answer instanceof Promise ? await answer : answer)
 */
export function serializeResponse(response: Response): SerializedAnswer | Promise<SerializedAnswer> {
  const head = { status: response.status, statusText: response.statusText, headers: [...response.headers] }
  // Asked first: reading `body` would make the stream the known body saves.
  const known = knownBodyOf(response)
  if (known !== undefined) return { response: { ...head, body: known }, transfer: [] }
  if (response.body === null || NULL_BODY_STATUS.has(response.status)) return { response: { ...head, body: null }, transfer: [] }
  if (canTransferStreams()) {
    const body = response.body
    return { response: { ...head, body }, transfer: [body as unknown as Transferable] }
  }
  return response.arrayBuffer().then((body) => ({ response: { ...head, body }, transfer: [body] }))
}

/** A response the worker reported back (for `response:bypass`). */
export function deserializeResponse(serialized: SerializedResponse): Response {
  const body = NULL_BODY_STATUS.has(serialized.status) ? null : serialized.body
  return new Response(body, { status: serialized.status, statusText: serialized.statusText, headers: serialized.headers })
}
