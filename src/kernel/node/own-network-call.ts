import { AsyncLocalStorage } from 'node:async_hooks'

/**
 * Marks the network calls mocklib makes itself (a passthrough from the fetch
 * fast path), so that the socket-level layer lets them go instead of resolving
 * the same request a second time.
 */
const ownNetworkCall = new AsyncLocalStorage<true>()

export function runAsOwnNetworkCall<Result>(callback: () => Result): Result {
  return ownNetworkCall.run(true, callback)
}

export function isOwnNetworkCall(): boolean {
  return ownNetworkCall.getStore() === true
}
