import { subscribe } from 'node:diagnostics_channel'
import { Socket } from 'node:net'

// Remembered from the moment mocklib/node loads, so connections pooled before `listen()` are known:
// undici's pools are otherwise out of reach (an `Agent` the app passed as `dispatcher`). Every copy of
// undici publishes to this channel.
const undiciConnections = new Set<Socket>()
subscribe('undici:client:connected', (message) => {
  const socket = (message as { socket?: Socket }).socket
  if (socket === undefined || socket.destroyed) return
  undiciConnections.add(socket)
  socket.once('close', () => undiciConnections.delete(socket))
})

const STATUS_LINE = /^HTTP\/1\.[01] \d{3}/

type Connect = (this: Socket, ...args: unknown[]) => unknown

// A connection pooled before `listen()`, or passed through meanwhile, would carry a client's next request
// past the handlers: undici's are retired at `listen()`, the HTTP ones opened while listening when it ends
// (idle ones at once, busy ones once pooled, which `unref()`s them). Only HTTP/1 connections are touched.
export function watchPooledSockets(): () => void {
  for (const socket of undiciConnections) retire(socket)
  const watched = new Set<Socket>()
  // A connect the socket layer held is replayed through here again: one watch per socket.
  const seen = new WeakSet<Socket>()
  const prototype = Socket.prototype as unknown as { connect: Connect }
  const realConnect = prototype.connect
  const connect: Connect = function (this: Socket, ...args) {
    if (!seen.has(this)) {
      seen.add(this)
      watchIfHttp(this, watched)
    }
    return realConnect.apply(this, args)
  }
  prototype.connect = connect
  return () => {
    if (prototype.connect === connect) prototype.connect = realConnect
    for (const socket of watched) retire(socket)
    watched.clear()
  }
}

// What arrives is read, not what the client writes: the socket layer takes those writes over first.
function watchIfHttp(socket: Socket, watched: Set<Socket>): void {
  const push = socket.push
  // An own property for the first chunk only: it shadows the prototype's, then goes.
  const firstPush = function (this: Socket, chunk: unknown, ...rest: unknown[]) {
    if (socket.push === firstPush) delete (socket as { push?: unknown }).push
    if (startsWithStatusLine(chunk)) {
      watched.add(socket)
      socket.once('close', () => watched.delete(socket))
    }
    return (push as (...args: unknown[]) => boolean).call(this, chunk, ...rest)
  } as Socket['push']
  socket.push = firstPush
}

function startsWithStatusLine(chunk: unknown): boolean {
  if (typeof chunk === 'string') return STATUS_LINE.test(chunk.slice(0, 16))
  if (chunk instanceof Uint8Array) return STATUS_LINE.test(Buffer.from(chunk.buffer, chunk.byteOffset, Math.min(chunk.byteLength, 16)).toString('latin1'))
  return false
}

function retire(socket: Socket): void {
  if (socket.destroyed) return
  if (isPooled(socket)) return void socket.destroy()
  const unref = socket.unref
  const retireOnUnref = function (this: Socket) {
    if (socket.unref === retireOnUnref) delete (socket as { unref?: unknown }).unref
    const result = unref.call(this)
    // After the client's own bookkeeping (the pool adds the socket once `unref()` returns).
    process.nextTick(() => socket.destroy())
    return result
  }
  socket.unref = retireOnUnref
}

function isPooled(socket: Socket): boolean {
  const handle = (socket as unknown as { _handle?: { hasRef?: () => boolean } | null })._handle
  return typeof handle?.hasRef === 'function' && !handle.hasRef()
}

/** A socket the layer answered keeps its never-connected TCP handle, which @mswjs/interceptors leaves open once destroyed. */
export function closeZombieSockets(): void {
  const handles = (process as unknown as { _getActiveHandles?: () => unknown[] })._getActiveHandles?.() ?? []
  for (const handle of handles) {
    if (!(handle instanceof Socket) || !handle.destroyed) continue
    const socket = handle as Socket & { _handle: { close?: () => void } | null }
    const tcp = socket._handle
    if (tcp === null || typeof tcp.close !== 'function') continue
    socket._handle = null
    tcp.close()
  }
}
