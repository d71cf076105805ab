/**
 * mocklib in Playwright: the same handlers answer a browser page's requests,
 * running in the test's Node process (`createNetworkFixture` for Playwright
 * Test, `interceptPage` with `playwright-core` alone). Playwright itself is an
 * optional peer dependency, never loaded by mocklib.
 *
 * @packageDocumentation
 */
export {
  createNetworkFixture,
  interceptPage,
  type InterceptPageOptions,
  type NetworkFixture,
  type NetworkFixtureFunction,
  type NetworkFixtureOptions,
  type PageNetwork,
  type PageRecording,
} from './playwright-network.js'
export type { RoutableLike, RouteLike, RoutedRequestLike, FrameLike, FetchedResponseLike, WebSocketRouteLike, RouteMatcher, BrowserLike } from '../kernel/playwright/index.js'
