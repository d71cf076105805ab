import type { Source } from '../contracts.js'
import type { RoutableLike, RouteLike } from './playwright-shapes.js'
import { relayPermit, routeExchange, type RouteFailure } from './route-exchange.js'
import { sentHeadersReader } from './routed-request.js'

// The handlers decide, not Playwright's matcher.
export const EVERY_URL = (): boolean => true

// What Playwright says when a page, context or browser closed under a call.
const GONE = /closed|already handled|has been detached/i

/** Work a source started from its synchronous `start()`/`stop()`, for its owner to await. */
export interface RoutingWork {
  track(work: Promise<unknown>): void
}

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

export function isTargetGone(error: unknown): boolean {
  return error instanceof Error && GONE.test(error.message)
}

/** Playwright does not route the target of a redirect, nor requests a Service Worker answers. */
export function playwrightRouteSource(target: RoutableLike, work: RoutingWork, failed: RouteFailure): Source {
  return {
    name: 'playwright-route',
    start(sink) {
      const permit = relayPermit(target)
      const readHeaders = sentHeadersReader(target)
      const onRoute = (route: RouteLike): Promise<void> => routeExchange(route, failed, permit, readHeaders).then(sink, failed)
      work.track(target.route(EVERY_URL, onRoute))
      return () =>
        work.track(
          target.unroute(EVERY_URL, onRoute).catch((error: unknown) => {
            if (!isTargetGone(error)) throw error
          }),
        )
    },
  }
}
