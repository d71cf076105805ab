import { subscribe } from 'node:diagnostics_channel'
import { Socket } from 'node:net'

// What keeps real connections pooled before or outside `listen()` from carrying a request past the
// socket layer, and what cleans up after the sockets it answered.

/** Undici's channel for a new connection; every copy (Node's own, the npm package) publishes to it. */
const CONNECTED = 'undici:client:connected'

// Every connection undici opens, remembered until it closes, from the moment mocklib/node loads (so
// connections pooled before the first `listen()` are known): undici's pools are otherwise out of reach
// (an `Agent` the app made and passed as `dispatcher` is known only to the app). Observing changes
// nothing for undici.
const undiciConnections = new Set<Socket>()
subscribe(CONNECTED, (message) => {
  const socket = (message as { socket?: Socket }).socket
  if (socket === undefined || socket.destroyed) return
  undiciConnections.add(socket)
  socket.once('close', () => undiciConnections.delete(socket))
})

/** The start of an HTTP/1 response, as a server sends it first on a connection. */
const STATUS_LINE = /^HTTP\/1\.[01] \d{3}/

type Connect = (this: Socket, ...args: unknown[]) => unknown

/**
 * Retires the connections undici keeps in its pools now (called at
 * `listen()`), watches the HTTP connections opened while listening and, when
 * the listening ends, retires those a client keeps in its keep-alive pool.
 * Retired: an idle one is destroyed at once, a busy one as soon as its client
 * puts it back in the pool. Returns the function that ends the listening (call
 * it after the socket layer stopped).
 *
 * Why: a pooled connection opened before `listen()`, or one whose last
 * exchange was passed through while listening (@mswjs/interceptors leaves
 * those open when the socket layer stops), is a real connection to the server
 * that no socket layer sees. A client with a pool of its own (an undici
 * `Agent` passed as `dispatcher`, an `http.Agent({ keepAlive: true })`) would
 * carry its next request on it, which then reaches the network whatever the
 * handlers say. Destroyed, the pool dials anew, through the socket layer.
 * (Node's `http.Agent` pools from before `listen()` are @mswjs/interceptors'
 * business: it drops their free sockets itself.)
 *
 * How a pooled connection is told from a busy one: undici and Node's
 * `http.Agent` both `unref()` a socket they put back in their pool (an idle
 * pooled connection must not keep the process alive) and `ref()` it again
 * when they reuse it. Only connections that received an HTTP/1 response are
 * touched: a database client's connection opened while listening is none of
 * mocklib's business.
 *
 * @example
 * const retire = watchPooledSockets() // at listen()
 * const stopSockets = interceptSocketsOnDemand(sink)
 * // … at close()
 * stopSockets()
 * retire()
 */
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

/**
 * Adds `socket` to `watched` once the first bytes it receives turn out to be
 * an HTTP/1 response; forgets it when it closes. What arrives is read rather
 * than what the client writes: the socket layer takes the client's first
 * writes over before this sees the socket.
 */
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

/** Destroys `socket` now if its client pooled it, else the next time the client pools it (`unref()`). */
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

/** The TCP handle says whether the socket keeps the process alive; one that does not is idle in a pool. */
function isPooled(socket: Socket): boolean {
  const handle = (socket as unknown as { _handle?: { hasRef?: () => boolean } | null })._handle
  return typeof handle?.hasRef === 'function' && !handle.hasRef()
}

/**
 * Closes the TCP handles of sockets that are destroyed but still hold one.
 *
 * Why: a socket the socket layer answered keeps the TCP handle it was created
 * with (never connected); when the client destroys it (undici's pool does on
 * close), @mswjs/interceptors leaves that handle open, so each mocked undici
 * connection used to stay in `process.getActiveResourcesInfo()` for good.
 * Only sockets already destroyed are touched.
 *
 * @example
 * closeZombieSockets()
 */
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
