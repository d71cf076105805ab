import type { RoutableLike } from './playwright-shapes.js'

/**
 * Lets the page on `pageOrigin` reach the stream relay before a stream is
 * sent there (see `relayedStreamPage`).
 */
export type RelayPermit = (pageOrigin: string) => Promise<void>

/** The Playwright permission behind Chromium's Local Network Access prompt. */
const LOCAL_NETWORK_ACCESS = 'local-network-access'

/**
 * A `RelayPermit` for the pages of `target`. Chromium counts a document that
 * Playwright fulfilled (a mocked page, or one recorded through `route.fetch()`)
 * as public, and denies it the loopback relay unless the context grants Local
 * Network Access; granted for the page's own loopback origin only, once.
 * Without the permission (older Playwright or Chromium), nothing is granted
 * and a page its server served still reaches the relay.
 *
 * @example
 * await relayPermit(context)('http://127.0.0.1:5173')
 */
export function relayPermit(target: RoutableLike): RelayPermit {
  const granted = new Map<string, Promise<void>>()
  return (pageOrigin) => {
    let grant = granted.get(pageOrigin)
    if (grant === undefined) {
      const context = target.grantPermissions !== undefined ? target : target.context?.()
      grant = Promise.resolve(context?.grantPermissions?.([LOCAL_NETWORK_ACCESS], { origin: pageOrigin })).catch(() => undefined)
      granted.set(pageOrigin, grant)
    }
    return grant
  }
}
