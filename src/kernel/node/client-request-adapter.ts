import type { ClientRequest, IncomingMessage, RequestOptions } from 'node:http'
import { syncBuiltinESMExports } from 'node:module'
import type { HttpExchange } from '../contracts.js'
import { BYPASS_HEADER, bypassMarkOf, OWN_CALL } from '../passthrough.js'
import { createRequestId } from '../request-id.js'
import type { HttpSink } from './exchange-sink.js'
import { createMockSocket, type MockSocket } from './mock-socket.js'
import { NativeHeaders } from './native-fetch.js'
import { toFetchRequest } from './fetch-request.js'
import { networkError } from './network-error.js'
import { markWireHeaders, writeResponse } from './response-writer.js'

type RequestFunction = (...args: unknown[]) => ClientRequest
type Callback = (response: IncomingMessage) => void

interface CallArgs {
  readonly url: string | URL | undefined
  readonly options: RequestOptions
  readonly callback: Callback | undefined
}

/**
 * The ClientRequest layer: patches `http.request/get` and `https.request/get`
 * so that a request made through them gets a MockSocket instead of a TCP
 * connection. When the request ends, it goes to the runtime as one exchange; a
 * mocked response is written into the socket (Node's parser reads it), a passthrough
 * goes out through the original function (marked `OWN_CALL`, so the socket
 * layer lets it go unresolved and unreported) and its response is relayed the
 * same way.
 * Much cheaper than the socket layer, which still sees everything else.
 * Returns the function that restores the four functions.
 */
export function patchClientRequests(sink: HttpSink): () => void {
  // Loaded here rather than imported: node:http alone costs ~20 ms of cold start.
  const http = process.getBuiltinModule('node:http')
  const https = process.getBuiltinModule('node:https')
  const restores = [patch(http, 'http:', sink), patch(https, 'https:', sink)]
  // `import { request } from 'node:http'` bindings follow the patch too.
  syncBuiltinESMExports()
  return () => {
    for (const restore of restores) restore()
    syncBuiltinESMExports()
  }
}

function patch(module: typeof import('node:http') | typeof import('node:https'), protocol: string, sink: HttpSink): () => void {
  const realRequest = module.request as RequestFunction
  const realGet = module.get as RequestFunction
  const mockedRequest: RequestFunction = (...args) => {
    return interceptedRequest(realRequest, splitArgs(args), protocol, sink)
  }
  const mockedGet: RequestFunction = (...args) => {
    const request = mockedRequest(...args)
    request.end()
    return request
  }
  module.request = mockedRequest as typeof module.request
  module.get = mockedGet as typeof module.get
  return () => {
    if (module.request === mockedRequest) module.request = realRequest as typeof module.request
    if (module.get === mockedGet) module.get = realGet as typeof module.get
  }
}

function splitArgs(args: unknown[]): CallArgs {
  const [first, second, third] = args
  if (typeof first === 'string' || first instanceof URL) {
    if (typeof second === 'function') return { url: first, options: {}, callback: second as Callback }
    return { url: first, options: (second ?? {}) as RequestOptions, callback: third as Callback | undefined }
  }
  return { url: undefined, options: (first ?? {}) as RequestOptions, callback: second as Callback | undefined }
}

function interceptedRequest(realRequest: RequestFunction, call: CallArgs, protocol: string, sink: HttpSink): ClientRequest {
  let socket: MockSocket | undefined
  const createConnection = (options: { port?: number | string }) => {
    socket = createMockSocket(Number(options.port) || (protocol === 'https:' ? 443 : 80), protocol === 'https:')
    return socket
  }
  // Without an agent Node would default to port 80 even for https: keep the protocol's port.
  const defaultPort = call.options.defaultPort ?? (protocol === 'https:' ? 443 : 80)
  const options = { ...call.options, agent: undefined, defaultPort, createConnection } as RequestOptions
  const request = call.url === undefined ? realRequest(options, call.callback) : realRequest(call.url, options, call.callback)

  const chunks: Buffer[] = []
  const capture = (chunk: unknown, encoding: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === 'function') return
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8') : Buffer.from(chunk as Uint8Array))
  }
  const realWrite = request.write
  const realEnd = request.end
  let ended = false
  request.write = function write(this: ClientRequest, chunk: unknown, ...rest: unknown[]) {
    capture(chunk, rest[0])
    return (realWrite as (...args: unknown[]) => boolean).call(this, chunk, ...rest)
  } as typeof request.write
  request.end = function end(this: ClientRequest, chunk?: unknown, ...rest: unknown[]) {
    capture(chunk, rest[0])
    const result = (realEnd as (...args: unknown[]) => ClientRequest).call(this, chunk, ...rest)
    if (!ended) {
      ended = true
      resolveRequest(request, socket!, chunks, call, realRequest, protocol, sink).catch((error: unknown) => {
        socket?.destroy(error instanceof Error ? error : new Error(String(error)))
      })
    }
    return result
  } as typeof request.end
  return request
}

async function resolveRequest(
  request: ClientRequest,
  socket: MockSocket,
  chunks: Buffer[],
  call: CallArgs,
  realRequest: RequestFunction,
  protocol: string,
  sink: HttpSink,
): Promise<void> {
  const method = request.method.toUpperCase()
  // Filled through the constructor: the socket layer's interceptor wraps `set`/`append` on every Headers.
  const lines: [string, string][] = []
  const outgoing = request.getHeaders()
  for (const name in outgoing) {
    const value = outgoing[name]
    if (value === undefined) continue
    if (Array.isArray(value)) for (const item of value) lines.push([name, item])
    else lines.push([name, String(value)])
  }
  const headers = new NativeHeaders(lines)
  const host = headers.get('host') ?? request.host
  const url = `${protocol}//${host}${request.path}`
  // node:http sends a body with any method, GET included: so do the resolver's Request and a passthrough.
  const body = chunks.length === 0 ? null : Buffer.concat(chunks)
  const fetchRequest = toFetchRequest(url, method, headers, body)
  const deliver = (response: Response) => {
    writeResponse(socket, response, method).catch((error: unknown) => socket.destroy(error instanceof Error ? error : new Error(String(error))))
  }
  const exchange: HttpExchange = {
    kind: 'http',
    id: createRequestId(),
    request: fetchRequest,
    bypassed: bypassMarkOf(fetchRequest) === 'bypass',
    respondWith(response) {
      if (socket.destroyed) return
      if (response.type === 'error') socket.destroy(networkError(response))
      else deliver(response)
    },
    errorWith(error) {
      if (!socket.destroyed) socket.destroy(error)
    },
    async passthrough(report) {
      if (socket.destroyed) return undefined
      const response = await sendToNetwork(request, socket, body, call, realRequest)
      if (response === undefined) return undefined
      const copy = report ? response.clone() : undefined
      deliver(response)
      return copy
    },
  }
  // The request takes its socket on the next tick (queued when it was created): a plain
  // handler answers synchronously, and the answer (or a failure) must find it attached.
  if (request.socket == null) await new Promise<void>((resolve) => process.nextTick(resolve))
  await sink(exchange)
}

/** The passthrough: the same request through the original function, its answer as a Response. */
function sendToNetwork(
  request: ClientRequest,
  socket: MockSocket,
  body: Buffer | null,
  call: CallArgs,
  realRequest: RequestFunction,
): Promise<Response | undefined> {
  const headers = { ...request.getHeaders(), [BYPASS_HEADER]: OWN_CALL }
  const options: RequestOptions = { ...call.options, method: request.method, headers }
  return new Promise((resolve) => {
    const onResponse = (incoming: IncomingMessage) => resolve(toFetchResponse(incoming))
    const real = call.url === undefined ? realRequest(options, onResponse) : realRequest(call.url, options, onResponse)
    real.on('error', (error) => {
      socket.destroy(error)
      resolve(undefined)
    })
    socket.once('close', () => real.destroy())
    real.end(body ?? undefined)
  })
}

function toFetchResponse(incoming: IncomingMessage): Response {
  const headers = new Headers()
  const raw = incoming.rawHeaders
  for (let i = 0; i < raw.length; i += 2) headers.append(raw[i]!, raw[i + 1]!)
  const status = incoming.statusCode ?? 200
  const bodyless = status === 204 || status === 304 || status < 200
  // Header values read off the wire are bytes: written back as they came (non-ASCII survives).
  return markWireHeaders(
    new Response(bodyless ? null : (process.getBuiltinModule('node:stream').Readable.toWeb(incoming) as ReadableStream<Uint8Array>), {
      status: status < 200 ? 200 : status,
      statusText: incoming.statusMessage ?? '',
      headers,
    }),
  )
}
