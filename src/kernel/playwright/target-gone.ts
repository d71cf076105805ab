// What Playwright says when a page, context or browser closed under a call.
const GONE = /closed|already handled|has been detached/i

/**
 * True when `error` only says that the page (or its context, or the browser)
 * is gone: its routes can no longer be settled or removed, which is no fault
 * of the test.
 *
 * @example
 * await page.unroute(matcher, handler).catch((error) => { if (!isTargetGone(error)) throw error })
 */
export function isTargetGone(error: unknown): boolean {
  return error instanceof Error && GONE.test(error.message)
}
