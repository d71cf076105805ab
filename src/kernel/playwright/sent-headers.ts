import type { RoutableLike, RoutedRequestLike } from './playwright-shapes.js'

/** Reads the headers a routed request left the page with, at once when it can. */
export type SentHeaders = (routed: RoutedRequestLike) => Record<string, string> | Promise<Record<string, string>>

const ALL_HEADERS: SentHeaders = (routed) => routed.allHeaders()

/**
 * How to read the headers of the requests `target` routes. In Chromium a
 * routed request's `headers()` already holds all of them (cookies included),
 * so they are read at once; other browsers leave cookies out of it, so they
 * are read with `allHeaders()`, one more round trip to Playwright. The round
 * trip is worth saving: while it runs, `page.goto()` can resolve and a test
 * call `network.assertDone()` before the request its page made on load has
 * reached the handlers.
 *
 * @example
 * const readHeaders = sentHeadersReader(page)
 * const headers = await readHeaders(route.request())
 */
export function sentHeadersReader(target: RoutableLike): SentHeaders {
  const context = target.browser !== undefined ? target : target.context?.()
  let engine: string | undefined
  try {
    engine = context?.browser?.()?.browserType().name()
  } catch {
    engine = undefined
  }
  if (engine !== 'chromium') return ALL_HEADERS
  return (routed) => routed.headers?.() ?? routed.allHeaders()
}
