import type { Source } from '../contracts.js'
import type { RoutableLike, RouteLike } from './playwright-shapes.js'
import { routeExchange, type RouteFailure } from './route-exchange.js'
import { isTargetGone } from './target-gone.js'
import { relayPermit } from './relay-permission.js'
import { sentHeadersReader } from './sent-headers.js'

/** Every URL: the handlers decide, not Playwright's matcher. */
const EVERY_URL = (): boolean => true

/**
 * The asynchronous work a Playwright source started from `start()`/`stop()`
 * (which the `Source` contract keeps synchronous), for its owner to await.
 */
export interface RoutingWork {
  track(work: Promise<unknown>): void
}

/**
 * The source of HTTP exchanges of a Playwright page or browser context: one
 * `route()` for every URL, each routed request handed to the runtime as an
 * exchange (see `routeExchange`). Routing covers what the browser fetches
 * (documents, fetch, XHR, scripts, images…); Playwright does not route the
 * target of a redirect, nor requests a Service Worker answers.
 *
 * @example
 * const runtime = createRuntime({ store, sources: [playwrightRouteSource(page, work, console.error)] })
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
