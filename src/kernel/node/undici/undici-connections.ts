import { subscribe } from 'node:diagnostics_channel'
import type { Socket } from 'node:net'

/** Undici's channel for a new connection; every copy (Node's own, the npm package) publishes to it. */
const CONNECTED = 'undici:client:connected'

const open = new Set<Socket>()
let tracking = false

/**
 * Starts remembering, once for the process, every connection undici opens,
 * until it closes: undici's pools are otherwise out of reach (an `Agent` the
 * app made and passed as `dispatcher` is known only to the app). Observing
 * changes nothing for undici; it is called when mocklib/node loads, so that
 * connections pooled before the first `listen()` are known to it.
 *
 * @example
 * trackUndiciConnections()
 * for (const socket of undiciConnections()) console.log(socket.remotePort)
 */
export function trackUndiciConnections(): void {
  if (tracking) return
  tracking = true
  subscribe(CONNECTED, (message) => {
    const socket = (message as { socket?: Socket }).socket
    if (socket === undefined || socket.destroyed) return
    open.add(socket)
    socket.once('close', () => open.delete(socket))
  })
}

/**
 * The connections undici has open now (since `trackUndiciConnections()`).
 *
 * @example
 * const pooled = [...undiciConnections()]
 */
export function undiciConnections(): ReadonlySet<Socket> {
  return open
}
