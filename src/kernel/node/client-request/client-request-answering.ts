import type { ClientRequest } from 'node:http'
import { ClientRequestExchange, type CallArgs, type RequestFunction } from './client-request-exchange.js'
import type { HttpSink } from '../exchange-sink.js'
import type { MockSocket } from './mock-socket.js'

// The part of the ClientRequest layer that answers a request: its socket, its exchange and the response
// writer behind it. Loaded by the first request made while listening (client-request-adapter.ts), so a
// process that never calls node:http does not pay for it.
export { createMockSocket } from './mock-socket.js'

/**
 * Turns the ended request into an exchange (its head is final now) and hands
 * it to the runtime.
 *
 * @example
 * startExchange(request, socket, chunks, call, realRequest, 'https:', runtime.handle)
 */
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
  // Not attached yet (the first request's socket is created once this module is loaded): hand over once it is,
  // unless the request is torn down first.
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
