/**
 * mocklib in Playwright: the same handlers answer a browser page's requests,
 * running in the test's Node process (`createNetworkFixture` for Playwright
 * Test, `interceptPage` with `playwright-core` alone). Playwright itself is an
 * optional peer dependency, never loaded by mocklib.
 *
 * @packageDocumentation
 */
export { interceptPage, type InterceptPageOptions, type PageNetwork } from './playwright-network.js'
export type { PageRecording } from './playwright-recording.js'
export { createNetworkFixture, type NetworkFixture, type NetworkFixtureFunction, type NetworkFixtureOptions } from './playwright-fixture.js'
export type { RoutableLike, RouteLike, RoutedRequestLike, FrameLike, FetchedResponseLike, WebSocketRouteLike, RouteMatcher, BrowserLike } from '../kernel/playwright/playwright-shapes.js'
