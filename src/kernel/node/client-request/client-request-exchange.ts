import type { ClientRequest, IncomingMessage, OutgoingHttpHeader, RequestOptions } from 'node:http'
import type { HttpExchange } from '../../contracts.js'
import { asError } from '../../errors.js'
import { BYPASS_HEADER, bypassValue, ownCall } from '../../passthrough.js'
import { createRequestId } from '../../request-context.js'
import { headerLines, type HttpSink, NativeHeaders, NativeRequest, networkError, responseOfIncoming } from '../http-layer.js'
import type { MockSocket } from './mock-socket.js'
import { writeResponse } from './response-writer.js'

// Loaded by the first request made while listening (client-request-adapter.ts).
export { createMockSocket } from './mock-socket.js'

export type RequestFunction = (...args: unknown[]) => ClientRequest

export interface CallArgs {
  readonly url: string | URL | undefined
  readonly options: RequestOptions
  readonly callback: ((response: IncomingMessage) => void) | undefined
}

/** Once the request ended: its head is final now. */
export function startExchange(
  request: ClientRequest,
  socket: MockSocket,
  chunks: Buffer<ArrayBuffer>[],
  call: CallArgs,
  realRequest: RequestFunction,
  protocol: string,
  sink: HttpSink,
): void {
  // Every chunk is a copy of what the client wrote: one of them needs no concat.
  const body = chunks.length === 0 ? null : chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)
  let exchange: ClientRequestExchange
  try {
    exchange = new ClientRequestExchange(request, socket, body, protocol, call, realRequest)
  } catch (error) {
    // No URL describes the request (a malformed Host header): the request fails with why, once it has its socket.
    process.nextTick(() => socket.destroy(asError(error)))
    return
  }
  process.nextTick(handOver, request, exchange, sink)
}

// A plain handler answers synchronously: the request takes its socket on the next tick (queued before
// this one) and the answer must find it attached. One destroyed before then Node fails by itself, unasked.
function handOver(request: ClientRequest, exchange: ClientRequestExchange, sink: HttpSink): void {
  if (request.socket != null) return void sink(exchange)
  if (request.destroyed) return
  // The first request's socket is created once this module is loaded: hand over once it is attached.
  const onSocket = () => {
    request.off('close', onClose)
    process.nextTick(handOver, request, exchange, sink)
  }
  const onClose = () => request.off('socket', onSocket)
  request.once('socket', onSocket)
  request.once('close', onClose)
}

/** The Fetch `Request` is built only when something reads it: matching on method and URL costs no Request, Headers or AbortSignal. */
class ClientRequestExchange implements HttpExchange {
  readonly kind = 'http'
  readonly id = createRequestId()
  readonly method: string
  readonly url: URL
  readonly bypassed: boolean
  #request: Request | undefined

  constructor(
    private readonly client: ClientRequest,
    private readonly socket: MockSocket,
    private readonly body: Uint8Array<ArrayBuffer> | null,
    protocol: string,
    private readonly call: CallArgs,
    private readonly realRequest: RequestFunction,
  ) {
    this.method = client.method.toUpperCase()
    const host = client.getHeader('host')
    // Throws for a request no URL can describe: the caller fails the request with it.
    this.url = new URL(`${protocol}//${host === undefined ? client.host : headerText(host)}${client.path}`)
    const mark = client.getHeader(BYPASS_HEADER)
    this.bypassed = mark !== undefined && headerText(mark) === bypassValue()
  }

  get request(): Request {
    return (this.#request ??= this.#buildRequest())
  }

  #buildRequest(): Request {
    // Filled through the constructor: the socket layer's interceptor wraps `set`/`append` on every Headers.
    const headers = new NativeHeaders(headerLines(this.client.getHeaders()))
    // node:http sends a body with any method, GET included: so do the resolver's Request and a passthrough.
    return toFetchRequest(this.url.href, this.method, headers, this.body)
  }

  respondWith(response: Response): void {
    const { socket } = this
    if (socket.destroyed) return
    if (response.type === 'error') socket.destroy(networkError(response))
    else this.#deliver(response)
  }

  errorWith(error: Error): void {
    if (!this.socket.destroyed) this.socket.destroy(error)
  }

  async passthrough(report?: boolean): Promise<Response | undefined> {
    if (this.socket.destroyed) return undefined
    const response = await this.#sendToNetwork()
    if (response === undefined) return undefined
    const copy = report ? response.clone() : undefined
    this.#deliver(response)
    return copy
  }

  #deliver(response: Response): void {
    const { socket } = this
    writeResponse(socket, response, this.method)?.catch((error: unknown) => socket.destroy(asError(error)))
  }

  #sendToNetwork(): Promise<Response | undefined> {
    const { call, client, socket, body } = this
    const headers = { ...client.getHeaders(), [BYPASS_HEADER]: ownCall() }
    const options: RequestOptions = { ...call.options, method: client.method, headers }
    return new Promise((resolve) => {
      // Streamed as it arrives; the writer sends the header bytes back as they came.
      const onResponse = (incoming: IncomingMessage) => {
        const stream = () => process.getBuiltinModule('node:stream').Readable.toWeb(incoming) as ReadableStream<Uint8Array>
        resolve(responseOfIncoming(incoming, stream))
      }
      const real = call.url === undefined ? this.realRequest(options, onResponse) : this.realRequest(call.url, options, onResponse)
      real.on('error', (error) => {
        socket.destroy(error)
        resolve(undefined)
      })
      socket.once('close', () => real.destroy())
      real.end(body ?? undefined)
    })
  }
}

function headerText(value: OutgoingHttpHeader): string {
  return Array.isArray(value) ? value.join(', ') : String(value)
}

// Fetch refuses a body on GET and HEAD, node:http sends one (a search API's JSON query): such a request
// keeps its method and gets body readers serving the bytes sent (msw drops that body).
function toFetchRequest(url: string, method: string, headers: Headers, body: Uint8Array<ArrayBuffer> | null): Request {
  if (body === null || body.byteLength === 0) return new NativeRequest(url, { method, headers })
  if (method !== 'GET' && method !== 'HEAD') return new NativeRequest(url, { method, headers, body })
  return withBody(new NativeRequest(url, { method, headers }), body)
}

const BODY_READERS = ['arrayBuffer', 'blob', 'bytes', 'formData', 'json', 'text'] as const

/** A carrier request's readers, so `bodyUsed` and "body already read" behave as Fetch's own. */
function withBody(request: Request, body: Uint8Array<ArrayBuffer>): Request {
  const carrier = new NativeRequest(request.url, { method: 'POST', headers: request.headers, body })
  const properties: PropertyDescriptorMap = {
    body: { get: () => carrier.body, configurable: true },
    bodyUsed: { get: () => carrier.bodyUsed, configurable: true },
    clone: {
      // A read body cannot be cloned: the carrier throws Fetch's own TypeError.
      value: () => (carrier.bodyUsed ? carrier.clone() : withBody(Request.prototype.clone.call(request), body)),
      configurable: true,
      writable: true,
    },
  }
  for (const name of BODY_READERS) {
    const reader = (carrier as unknown as Record<string, () => Promise<unknown>>)[name]
    if (typeof reader === 'function') properties[name] = { value: () => reader.call(carrier), configurable: true, writable: true }
  }
  return Object.defineProperties(request, properties)
}
