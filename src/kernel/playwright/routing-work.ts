import type { RoutingWork } from './route-source.js'

/**
 * Keeps the asynchronous calls to Playwright that sources start from their
 * synchronous `start()`/`stop()`, so that their owner can wait for them.
 *
 * @example
 * const work = createRoutingWork()
 * runtime.start()
 * await work.settled() // the routes are in place
 */
export function createRoutingWork(): RoutingWork & { settled(): Promise<void> } {
  let pending: Promise<unknown>[] = []
  return {
    track(promise) {
      pending.push(promise)
    },
    async settled() {
      while (pending.length > 0) {
        const now = pending
        pending = []
        await Promise.all(now)
      }
    },
  }
}
