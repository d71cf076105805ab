import type { ClientRequest, IncomingMessage, RequestOptions } from 'node:http'
import { syncBuiltinESMExports } from 'node:module'
import { ClientRequestExchange, type CallArgs, type RequestFunction } from './client-request-exchange.js'
import type { HttpSink } from './exchange-sink.js'
import { createMockSocket, type MockSocket } from './mock-socket.js'

type Callback = (response: IncomingMessage) => void

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

  const chunks: Buffer<ArrayBuffer>[] = []
  const capture = (chunk: unknown, encoding: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === 'function') return
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8') : Buffer.from(chunk as Uint8Array))
  }
  const realWrite = request.write
  const realEnd = request.end
  let ended = false
  // Node's write/end take (chunk, encoding, callback), any of them optional: passed on as given.
  request.write = function write(this: ClientRequest, chunk: unknown, encoding?: unknown, callback?: unknown) {
    capture(chunk, encoding)
    return (realWrite as (...args: unknown[]) => boolean).call(this, chunk, encoding, callback)
  } as typeof request.write
  request.end = function end(this: ClientRequest, chunk?: unknown, encoding?: unknown, callback?: unknown) {
    capture(chunk, encoding)
    const result = (realEnd as (...args: unknown[]) => ClientRequest).call(this, chunk, encoding, callback)
    if (!ended) {
      ended = true
      startExchange(request, socket!, chunks, call, realRequest, protocol, sink)
    }
    return result
  } as typeof request.end
  return request
}

/** Turns the ended request into an exchange (its head is final now) and hands it to the runtime. */
function startExchange(
  request: ClientRequest,
  socket: MockSocket,
  chunks: Buffer<ArrayBuffer>[],
  call: CallArgs,
  realRequest: RequestFunction,
  protocol: string,
  sink: HttpSink,
): void {
  // Every chunk is a copy of what the client wrote (see `capture`): one of them needs no concat.
  const body = chunks.length === 0 ? null : chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)
  let exchange: ClientRequestExchange
  try {
    exchange = new ClientRequestExchange(request, socket, body, protocol, call, realRequest)
  } catch (error) {
    // No URL describes the request (a malformed Host header): the request fails with why, once it has its socket.
    process.nextTick(fail, socket, error)
    return
  }
  process.nextTick(handOver, request, exchange, sink)
}

/**
 * The request takes its socket on the next tick (queued when it was created, so
 * before this one): a plain handler answers synchronously, and the answer (or a
 * failure) must find it attached.
 *
 * A request destroyed or aborted before that tick never gets its socket: Node
 * fails it by itself ('socket hang up' or the abort reason, then `close`), as
 * it does with a real server, and nothing was sent, so nobody is asked. Waiting
 * for a socket that never comes used to re-queue this tick forever (the event
 * loop spun and timers never fired).
 */
function handOver(request: ClientRequest, exchange: ClientRequestExchange, sink: HttpSink): void {
  if (request.socket != null) return void sink(exchange)
  if (request.destroyed) return
  // Not attached yet for some other reason (a socket created later): hand over once it is, unless the request is torn down first.
  const onSocket = () => {
    request.off('close', onClose)
    process.nextTick(handOver, request, exchange, sink)
  }
  const onClose = () => request.off('socket', onSocket)
  request.once('socket', onSocket)
  request.once('close', onClose)
}

function fail(socket: MockSocket, error: unknown): void {
  socket.destroy(error instanceof Error ? error : new Error(String(error)))
}
