import type { HttpExchange } from '../../contracts.js'
import { asError } from '../../errors.js'
import { NULL_BODY_STATUSES } from '../../known-body.js'
import { BYPASS_HEADER, ownCall } from '../../passthrough.js'
import { createRequestId } from '../../request-context.js'
import { headersOfRaw, type HttpSink, NativeRequest, NativeResponse, networkError } from '../http-layer.js'
import { DispatchConnection, type AnyHandler, type Dispatcher, type DispatchOptions, type LegacyHandler } from './dispatch-connection.js'

/** `lines` are the headers without mocklib's marks; a passthrough goes on through `previous`, the dispatcher that was global before. */
export async function answerDispatch(
  options: DispatchOptions,
  rawHandler: AnyHandler,
  lines: Array<[string, string]>,
  bypassed: boolean,
  sink: HttpSink,
  previous: Dispatcher,
): Promise<void> {
  // Connected at once, so that the client's abort ends the dispatch even while the handlers work.
  const connection = new DispatchConnection(rawHandler)
  let settled = false
  const settle = () => {
    if (settled) return false
    settled = true
    return true
  }
  try {
    const body = await readBody(options.body)
    const request = requestOf(options, lines, body)
    const exchange: HttpExchange = {
      kind: 'http',
      id: createRequestId(),
      request,
      bypassed,
      respondWith(response) {
        if (!settle() || connection.done) return void response.body?.cancel().catch(() => {})
        if (response.type === 'error') return connection.fail(networkError(response))
        if (request.method === 'HEAD' && response.body !== null) {
          void response.body.cancel().catch(() => {})
          response = new NativeResponse(null, { status: response.status, statusText: response.statusText, headers: response.headers })
        }
        connection.play(response)
      },
      errorWith(error) {
        if (settle()) connection.fail(error)
      },
      passthrough(report) {
        if (!settle() || connection.done) return Promise.resolve(undefined)
        const headers = [...lines, [BYPASS_HEADER, ownCall()]].flat()
        return sendOn(previous, { ...options, headers, body: body ?? options.body }, connection, report === true)
      },
    }
    await sink(exchange)
  } catch (error) {
    if (settle()) connection.fail(error)
  }
}

/** The client's handler gets the real response (its abort now aborts the real request); with `report`, resolves with a copy. */
function sendOn(target: Dispatcher, options: DispatchOptions, connection: DispatchConnection, report: boolean): Promise<Response | undefined> {
  const client = connection.handler
  let copy: ReadableStreamDefaultController<Uint8Array> | undefined
  let resolveReport: ((response: Response | undefined) => void) | undefined
  const reportOnce = (response: Response | undefined) => {
    resolveReport?.(response)
    resolveReport = undefined
  }
  const relay: LegacyHandler = {
    onConnect(abort) {
      if (connection.done) abort()
      else connection.forwardAbortTo(abort)
    },
    onHeaders(statusCode, rawHeaders, resume, statusText) {
      if (connection.done) return false
      // Reported before the client hears of it: the runtime's report (a recording's entry) then comes
      // no later than the client's `await request()`, so a `stop()` right after it holds the exchange.
      if (report && statusCode >= 200) {
        const headers = headersOfRaw(rawHeaders.map((bytes) => bytes.toString('latin1')))
        const hasBody = !NULL_BODY_STATUSES.has(statusCode) && options.method !== 'HEAD'
        const body = hasBody ? new ReadableStream<Uint8Array>({ start: (controller) => void (copy = controller) }) : null
        reportOnce(new NativeResponse(body, { status: statusCode, statusText, headers }))
      }
      return client.onHeaders?.(statusCode, rawHeaders, resume, statusText)
    },
    onData(chunk) {
      if (connection.done) return false
      if (copy === undefined) return client.onData?.(chunk)
      copy.enqueue(new Uint8Array(chunk))
      // The copy is read whether the client reads or not (a recording holds a body the client never read):
      // the client's stream buffers what it has not read yet, rather than pausing the network for both.
      client.onData?.(chunk)
      return true
    },
    onComplete(trailers) {
      copy?.close()
      connection.complete(trailers ?? [])
    },
    onError(error) {
      copy?.error(error)
      reportOnce(undefined)
      connection.fail(error)
    },
  }
  const reported = report ? new Promise<Response | undefined>((resolve) => (resolveReport = resolve)) : Promise.resolve(undefined)
  try {
    target.dispatch(options, relay as AnyHandler)
  } catch (error) {
    relay.onError!(asError(error))
  }
  return reported
}

function requestOf(options: DispatchOptions, lines: Array<[string, string]>, body: BodyInit | null): Request {
  const origin = typeof options.origin === 'string' ? options.origin : options.origin?.toString() ?? ''
  const method = options.method.toUpperCase()
  // A Request cannot carry a body on GET/HEAD; undici can send one, handlers do not see it.
  const init: RequestInit & { duplex?: 'half' } = { method, headers: lines, body: method === 'GET' || method === 'HEAD' ? null : body }
  return new NativeRequest(new URL(options.path, origin), init)
}

/** Readable twice (by the handlers, then the network): streams and iterables are collected. */
async function readBody(body: unknown): Promise<BodyInit | null> {
  if (body === null || body === undefined) return null
  if (typeof body === 'string' || body instanceof Uint8Array || body instanceof ArrayBuffer) return body as BodyInit
  if (body instanceof Blob || body instanceof FormData || body instanceof URLSearchParams) return body
  if (typeof (body as AsyncIterable<unknown>)[Symbol.asyncIterator] === 'function' || typeof (body as Iterable<unknown>)[Symbol.iterator] === 'function') {
    const chunks: Uint8Array[] = []
    for await (const chunk of body as AsyncIterable<unknown>) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Uint8Array))
    return Buffer.concat(chunks)
  }
  return String(body)
}
