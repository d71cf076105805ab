import type { HttpExchange } from '../../contracts.js'
import { BYPASS_HEADER, bypassValue, ownCall } from '../../passthrough.js'
import { createRequestId } from '../../request-id.js'
import { asLegacyHandler, headerLines, type AnyHandler, type LegacyHandler } from './dispatch-handler.js'
import { DispatchConnection } from './dispatch-connection.js'
import { playResponse, replayResponse } from './dispatch-replay.js'
import type { HttpSink } from '../exchange-sink.js'
import { NativeHeaders, NativeRequest, NativeResponse } from '../native-fetch.js'
import { networkError } from '../network-error.js'

/** Where every undici (Node's bundled one and the npm package) looks up its global dispatcher. */
const GLOBAL_DISPATCHER = Symbol.for('undici.globalDispatcher.1')

/**
 * The header by which the fetch fast path hands undici a request together with
 * its already-decided answer (see `answerOnce`). Removed before anything sees it.
 */
const ANSWER_HEADER = 'x-mocklib-answer'

/** The part of undici's `Dispatcher` this source relies on. */
interface Dispatcher {
  dispatch(options: DispatchOptions, handler: AnyHandler): boolean
  close?(...args: unknown[]): unknown
  destroy?(...args: unknown[]): unknown
}

interface DispatchOptions {
  origin?: string | URL
  path: string
  method: string
  headers?: unknown
  body?: unknown
  [option: string]: unknown
}

/** The running dispatcher source. */
export interface DispatcherSource {
  /**
   * Registers `response` as the answer to the next dispatch of a request that
   * carries the returned header; the fast path uses it to let undici's fetch
   * follow a mocked redirect or decode a mocked compressed body itself.
   */
  answerOnce(response: Response): readonly [name: string, value: string]
  /** Puts the previous global dispatcher back. */
  stop(): void
}

/**
 * Installs a global undici dispatcher that answers `undici.request`,
 * `undici.fetch`, Node's fetch, and anything else using the global dispatcher
 * from the handlers, and sends passthroughs to the dispatcher it replaced.
 * Because mocked requests never reach the previous dispatcher, a connection it
 * pooled before `listen()` cannot carry them. Returns `undefined` when there is
 * no undici in this process.
 *
 * @example
 * const source = installDispatcherSource(runtime.handle)
 * // … later
 * source?.stop()
 */
export function installDispatcherSource(sink: HttpSink, owner: object = globalThis): DispatcherSource | undefined {
  // Node loads its bundled undici (which creates the default Agent) on first use of a fetch global.
  void new Headers()
  // `owner`: the global object whose undici clients to answer (Node's main one, seen from a Jest or edge-runtime context).
  const slot = owner as Record<symbol, Dispatcher | undefined>
  const found = slot[GLOBAL_DISPATCHER]
  if (found === undefined || typeof found.dispatch !== 'function') return undefined
  const previous: Dispatcher = found

  const answers = new Map<string, Response>()
  let nextAnswer = 0
  const dispatcher: Dispatcher & { isMockActive: false } = {
    // undici's fetch streams the request body to a dispatcher that is not a MockAgent.
    isMockActive: false,
    dispatch(options, handler) {
      const lines = headerLines(options.headers)
      let mark: string | undefined
      let answerKey: string | undefined
      const kept: Array<[string, string]> = []
      for (const line of lines) {
        const name = line[0].toLowerCase()
        if (name === BYPASS_HEADER) mark = line[1]
        else if (name === ANSWER_HEADER) answerKey = line[1]
        else kept.push(line)
      }
      if (mark === ownCall()) return previous.dispatch(answerKey === undefined ? options : { ...options, headers: [...kept, [BYPASS_HEADER, mark]].flat() }, handler)
      const answer = answerKey === undefined ? undefined : answers.get(answerKey)
      if (answer !== undefined) {
        answers.delete(answerKey!)
        queueMicrotask(() => replayResponse(answer, asLegacyHandler(handler)))
        return true
      }
      void handleExchange(options, handler, kept, mark === bypassValue())
      return true
    },
    close: (...args) => previous.close?.(...args),
    destroy: (...args) => previous.destroy?.(...args),
  }

  async function handleExchange(options: DispatchOptions, rawHandler: AnyHandler, lines: Array<[string, string]>, bypassed: boolean): Promise<void> {
    // Connected at once, so that the client's abort ends the dispatch even while the handlers work.
    const connection = new DispatchConnection(asLegacyHandler(rawHandler))
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
          // A real server sends no body to a HEAD request.
          if (request.method === 'HEAD' && response.body !== null) {
            void response.body.cancel().catch(() => {})
            response = new NativeResponse(null, { status: response.status, statusText: response.statusText, headers: response.headers })
          }
          playResponse(response, connection)
        },
        errorWith(error) {
          if (settle()) connection.fail(error)
        },
        passthrough(report) {
          if (!settle() || connection.done) return Promise.resolve(undefined)
          // Marked as mocklib's own call: the socket layer below lets it through unresolved and unreported.
          const headers = [...lines, [BYPASS_HEADER, ownCall()]].flat()
          return sendOn(previous, { ...options, headers, body: body ?? options.body }, connection, report === true)
        },
      }
      await sink(exchange)
    } catch (error) {
      if (settle()) connection.fail(error)
    }
  }

  slot[GLOBAL_DISPATCHER] = dispatcher
  return {
    answerOnce(response) {
      const key = `${nextAnswer++}`
      answers.set(key, response)
      return [ANSWER_HEADER, key]
    },
    stop() {
      if (slot[GLOBAL_DISPATCHER] === dispatcher) slot[GLOBAL_DISPATCHER] = previous
      for (const response of answers.values()) void response.body?.cancel().catch(() => {})
      answers.clear()
    },
  }
}

/**
 * Sends a request on through `target`, delivering the real response to the
 * client's handler (already connected: its abort now aborts the real
 * request); when `report`, resolves with a copy of it (for the runtime's
 * report), otherwise with `undefined` at once.
 */
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
      // The client gave up before the real request had its connection: end that too.
      if (connection.done) abort()
      else connection.forwardAbortTo(abort)
    },
    onHeaders(statusCode, rawHeaders, resume, statusText) {
      if (connection.done) return false
      const keepGoing = client.onHeaders?.(statusCode, rawHeaders, resume, statusText)
      if (report && statusCode >= 200) {
        const headers = new NativeHeaders()
        for (let index = 0; index < rawHeaders.length; index += 2) headers.append(rawHeaders[index]!.toString('latin1'), rawHeaders[index + 1]!.toString('latin1'))
        const hasBody = statusCode !== 204 && statusCode !== 304 && options.method !== 'HEAD'
        const body = hasBody ? new ReadableStream<Uint8Array>({ start: (controller) => void (copy = controller) }) : null
        reportOnce(new NativeResponse(body, { status: statusCode, statusText, headers }))
      }
      return keepGoing
    },
    onData(chunk) {
      if (connection.done) return false
      copy?.enqueue(new Uint8Array(chunk))
      return client.onData?.(chunk)
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
    relay.onError!(error instanceof Error ? error : new Error(String(error)))
  }
  return reported
}

const NO_BODY = new Set(['GET', 'HEAD'])

function requestOf(options: DispatchOptions, lines: Array<[string, string]>, body: BodyInit | null): Request {
  const origin = typeof options.origin === 'string' ? options.origin : options.origin?.toString() ?? ''
  const method = options.method.toUpperCase()
  // A Request cannot carry a body on GET/HEAD; undici can send one, handlers do not see it.
  const init: RequestInit & { duplex?: 'half' } = { method, headers: lines, body: NO_BODY.has(method) ? null : body }
  return new NativeRequest(new URL(options.path, origin), init)
}

/**
 * The request body in a form that can be read twice (once by the handlers,
 * once more if the request goes to the network): streams and iterables are
 * collected, everything else is kept as it is.
 */
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
