import type { ClientRequest, IncomingMessage, RequestOptions } from 'node:http'
import { syncBuiltinESMExports } from 'node:module'
import { message } from '../../errors.js'
import { onFirstUse } from '../../on-first-use.js'
import type { ClientRequestWithOnSocket, HttpSink } from '../http-layer.js'
import type { CallArgs, RequestFunction } from './client-request-exchange.js'
import type { MockSocket } from './mock-socket.js'

type Callback = (response: IncomingMessage) => void
type Created = (error: Error | null, socket?: MockSocket) => void

// Loaded by the first request made while listening: a cold start that never calls node:http does not pay for it.
const answering = onFirstUse(
  () => import('./client-request-exchange.js'),
  (error) =>
    new Error(
      message(
        `The ClientRequest layer could not be loaded (${String(error)}), so a node:http request made while listening failed rather than going to the network unchecked.`,
        'If mocklib/node is bundled, keep the chunks it imports next to it.',
      ),
    ),
)

// `http(s).request/get` get a MockSocket instead of a TCP connection (see the README): much cheaper than
// the socket layer. A passthrough goes out through the original function, marked `ownCall()`.
export function patchClientRequests(sink: HttpSink): () => void {
  // Not imported: loading node:http is a visible part of a cold start.
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
  const mockedRequest: RequestFunction = (...args) => interceptedRequest(realRequest, splitArgs(args), protocol, sink)
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
  const secure = protocol === 'https:'
  // Node takes the socket `createConnection` returns, or the one passed to `created` later (the first request's).
  const createConnection = (options: { port?: number | string }, created: Created) => {
    const port = Number(options.port) || (secure ? 443 : 80)
    if (answering.loaded !== undefined) return (socket = answering.loaded.createMockSocket(port, secure))
    answering.load().then(
      (loaded) => created(null, (socket = loaded.createMockSocket(port, secure))),
      // Failed as Node fails a request that gets no socket: `error` (the load failure, or why the caller destroyed it), then `close`.
      (error: Error) => (request as ClientRequestWithOnSocket).onSocket(undefined, request.destroyed ? undefined : error),
    )
    return undefined
  }
  // Without an agent Node would default to port 80 even for https: keep the protocol's port.
  const defaultPort = call.options.defaultPort ?? (secure ? 443 : 80)
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
      if (answering.loaded !== undefined && socket !== undefined) answering.loaded.startExchange(request, socket, chunks, call, realRequest, protocol, sink)
      // The first request: its socket comes with the answering part, or the request already failed with why.
      else answering.load().then((loaded) => socket && loaded.startExchange(request, socket, chunks, call, realRequest, protocol, sink), () => {})
    }
    return result
  } as typeof request.end
  return request
}
