export type { BrowserLike, FetchedResponseLike, FrameLike, RoutableLike, RouteLike, RoutedRequestLike, RouteMatcher, WebSocketRouteLike } from './playwright-shapes.js'
export { createRoutingWork, isTargetGone, playwrightRouteSource } from './route-source.js'
export { isPageOwnRequest } from './routed-request.js'
export { playwrightWebSocketSource } from './websocket-route-source.js'
