/**
 * mocklib in Playwright: the handlers answer a page's requests from the test's Node process.
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
