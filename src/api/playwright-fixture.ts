import type { RoutableLike } from '../kernel/playwright/playwright-shapes.js'
import { interceptPage, type InterceptPageOptions, type PageNetwork } from './playwright-network.js'

/**
 * What a test receives as `network`: the handlers, history and assertions of
 * its own browser context (see `PageNetwork`).
 *
 * @example
 * test('shows the post', async ({ page, network }) => {
 *   network.use(http.get('/api/posts/:id', () => HttpResponse.json({ title: 'Hi' })))
 * })
 */
export type NetworkFixture = PageNetwork

/** Options of `createNetworkFixture()`. */
export interface NetworkFixtureOptions extends InterceptPageOptions {
  /**
   * When true, a test that left unhandled requests fails at teardown (as
   * `network.assertNoUnhandledRequests()`). Default false: they are only
   * reported (`network.unhandledRequests()`, and by `onUnhandledRequest`).
   */
  readonly failOnUnhandledRequests?: boolean
}

/** The fixture function Playwright Test runs for each test. */
export type NetworkFixtureFunction = (fixtures: { context: RoutableLike }, use: (network: NetworkFixture) => Promise<void>) => Promise<void>

/**
 * A Playwright Test fixture that routes each test's browser context through
 * `handlers` (run in the test's Node process). Each test starts from the
 * initial handlers, re-armed, and its own history; `network.use()` adds
 * overrides for that test only. The fixture is automatic: tests that do not
 * ask for `network` are routed too.
 *
 * @example
 * import { test as base } from '@playwright/test'
 * import { createNetworkFixture, type NetworkFixture } from 'mocklib/playwright'
 * export const test = base.extend<{ network: NetworkFixture }>({
 *   network: createNetworkFixture({ handlers, onUnhandledRequest: 'error' }),
 * })
 */
export function createNetworkFixture(options: NetworkFixtureOptions = {}): [NetworkFixtureFunction, { auto: boolean }] {
  // Playwright reads the fixtures a fixture needs from its first parameter's destructuring.
  const fixture: NetworkFixtureFunction = async ({ context }, use) => {
    const network = await interceptPage(context, options)
    // Handlers shared by every test (a module's array) start each test afresh.
    network.restoreHandlers()
    try {
      await use(network)
    } finally {
      await network.dispose()
    }
    if (options.failOnUnhandledRequests === true) network.assertNoUnhandledRequests()
  }
  return [fixture, { auto: true }]
}
