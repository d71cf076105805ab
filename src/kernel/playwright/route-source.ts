import type { Source } from '../contracts.js'
import type { RoutableLike, RouteLike } from './playwright-shapes.js'
import { relayPermit, routeExchange, type RouteFailure } from './route-exchange.js'
import { sentHeadersReader } from './routed-request.js'

/** Every URL: the handlers decide, not Playwright's matcher. */
const EVERY_URL = (): boolean => true

// What Playwright says when a page, context or browser closed under a call.
const GONE = /closed|already handled|has been detached/i

/**
 * The asynchronous work a Playwright source started from `start()`/`stop()`
 * (which the `Source` contract keeps synchronous), for its owner to await.
 */
export interface RoutingWork {
  track(work: Promise<unknown>): void
}

/**
 * Keeps the calls to Playwright that sources start from their synchronous
 * `start()`/`stop()`, so that their owner can wait for them.
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

/**
 * True when `error` only says that the page (or its context, or the browser)
 * is gone: its routes can no longer be settled or removed, which is no fault
 * of the test.
 */
export function isTargetGone(error: unknown): boolean {
  return error instanceof Error && GONE.test(error.message)
}

/**
 * The source of HTTP exchanges of a Playwright page or browser context: one
 * `route()` for every URL, each routed request handed to the runtime as an
 * exchange (see `routeExchange`). Routing covers what the browser fetches
 * (documents, fetch, XHR, scripts, images…); Playwright does not route the
 * target of a redirect, nor requests a Service Worker answers.
 */
export function playwrightRouteSource(target: RoutableLike, work: RoutingWork, failed: RouteFailure): Source {
  return {
    name: 'playwright-route',
    start(sink) {
      const browser = { permit: relayPermit(target), readHeaders: sentHeadersReader(target) }
      const onRoute = async (route: RouteLike): Promise<void> => {
        let exchange
        try {
          exchange = await routeExchange(route, failed, browser)
        } catch (error) {
          failed(error)
          return
        }
        await sink(exchange)
      }
      work.track(target.route(EVERY_URL, onRoute))
      // Disposing after the page closed (a test's teardown) is not an error.
      return () =>
        work.track(
          target.unroute(EVERY_URL, onRoute).catch((error: unknown) => {
            if (!isTargetGone(error)) throw error
          }),
        )
    },
  }
}
