// Structural types: mocklib never loads Playwright, and its published types must not need it resolvable.

/**
 * The request a Playwright route was opened for.
 *
 * @example
 * const body: Buffer | null = route.request().postDataBuffer()
 */
export interface RoutedRequestLike {
  url(): string
  method(): string
  allHeaders(): Promise<Record<string, string>>
  /** The headers known at once (in Chromium, all of them). */
  headers?(): Record<string, string>
  postDataBuffer(): Buffer | null
  isNavigationRequest(): boolean
  resourceType(): string
  /** Playwright throws for a request with no frame (a Service Worker's). */
  frame?(): FrameLike
  /** The Service Worker that made the request. */
  serviceWorker?(): { url(): string } | null
}

/**
 * A page's frame (`Frame`): its document's URL and the frame that holds it.
 *
 * @example
 * route.request().frame().url() // 'https://shop.example.test/'
 */
export interface FrameLike {
  /** `about:blank` or `''` before it has a document. */
  url(): string
  /** `null` for a page's main frame. */
  parentFrame(): FrameLike | null
}

/**
 * The response `route.fetch()` gives: what the network answered.
 *
 * @example
 * const response = await route.fetch({ maxRedirects: 0 })
 */
export interface FetchedResponseLike {
  status(): number
  statusText(): string
  headersArray(): { name: string; value: string }[]
  body(): Promise<Buffer>
}

/**
 * One intercepted HTTP request in Playwright (`Route`).
 *
 * @example
 * await route.fulfill({ status: 200, headers: { 'content-type': 'text/plain' }, body: 'hi' })
 */
export interface RouteLike {
  request(): RoutedRequestLike
  fulfill(options: { status?: number; headers?: Record<string, string>; body?: string | Buffer }): Promise<void>
  fallback(): Promise<void>
  /** With `url`, the request goes there instead, unseen by the page (the same scheme only). */
  continue(options?: { url?: string }): Promise<void>
  abort(errorCode?: string): Promise<void>
  fetch(options?: { maxRedirects?: number }): Promise<FetchedResponseLike>
}

/**
 * One intercepted WebSocket in Playwright (`WebSocketRoute`): the page's end, or the server's (`connectToServer()`).
 *
 * @example
 * route.onMessage((message) => route.send(message))
 */
export interface WebSocketRouteLike {
  url(): string
  protocols?(): string[]
  onMessage(handler: (message: string | Buffer) => unknown): void
  onClose(handler: (code: number | undefined, reason: string | undefined) => unknown): void
  send(message: string | Buffer): void
  close(options?: { code?: number; reason?: string }): Promise<void>
  connectToServer(): WebSocketRouteLike
}

/**
 * A URL matcher as `route()` takes it.
 *
 * @example
 * const matcher: RouteMatcher = /\/api\//
 */
export type RouteMatcher = string | RegExp | ((url: URL) => boolean)

/**
 * What `interceptPage` routes: a Playwright `Page` or `BrowserContext`.
 *
 * @example
 * await interceptPage(page, { handlers })
 */
export interface RoutableLike {
  route(url: RouteMatcher, handler: (route: RouteLike) => unknown): Promise<unknown>
  unroute(url: RouteMatcher, handler?: (route: RouteLike) => unknown): Promise<unknown>
  routeWebSocket?(url: RouteMatcher, handler: (route: WebSocketRouteLike) => unknown): Promise<unknown>
  /** A context's: lets a page reach the loopback stream relay. */
  grantPermissions?(permissions: string[], options?: { origin?: string }): Promise<void>
  /** A context's: the browser it runs in. */
  browser?(): BrowserLike | null
  /** A page's: its context, for `grantPermissions` and `browser`. */
  context?(): {
    grantPermissions?(permissions: string[], options?: { origin?: string }): Promise<void>
    browser?(): BrowserLike | null
  }
}

/**
 * The browser a context runs in, as far as mocklib asks.
 *
 * @example
 * context.browser()?.browserType().name() // 'chromium'
 */
export interface BrowserLike {
  browserType(): { name(): string }
}
