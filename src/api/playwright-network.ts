import { createRuntime, createSingleScopeStore, HandlerScope, type Handler, type LifecycleEvents, type UnhandledRequestStrategy } from '../kernel/index.js'
import type { RoutableLike } from '../kernel/playwright/playwright-shapes.js'
import { createRoutingWork } from '../kernel/playwright/routing-work.js'
import { playwrightRouteSource } from '../kernel/playwright/route-source.js'
import { playwrightWebSocketSource } from '../kernel/playwright/websocket-route-source.js'
import { isTargetGone } from '../kernel/playwright/target-gone.js'
import type { MockAssertions, RecordOptions } from '../dsl/index.js'
import { createMockAssertions } from '../dsl/mock/history/mock-assertions.js'
import { unhandledRequestsText } from '../dsl/mock/history/assertion-messages.js'
import { recordRuntime } from '../dsl/record/record-runtime.js'
import { assertHandlers, createHandlerManagement, type HandlerManagement } from './handler-management.js'
import { isReportedUnhandled, pagePolicy } from './playwright-policy.js'
import type { PageRecording } from './playwright-recording.js'
import { withSave } from '../dsl/record/write-har.js'

/** Options of `interceptPage()`. */
export interface InterceptPageOptions {
  /** The initial handlers. */
  readonly handlers?: readonly Handler[]
  /**
   * What to do with requests no handler answers: `'warn'` (default), `'error'`
   * (the page sees a network error), `'bypass'`, or a callback. The page's
   * documents and static assets are never reported by `'warn'`/`'error'`.
   */
  readonly onUnhandledRequest?: UnhandledRequestStrategy
}

/**
 * The network of a Playwright page or browser context, answered by handlers
 * running in the test's Node process.
 *
 * @example
 * const network = await interceptPage(page, { handlers })
 * network.use(http.get('/api/user', () => HttpResponse.json({ name: 'Ada' })))
 * await page.goto(origin)
 * network.assertDone()
 * await network.dispose()
 */
export interface PageNetwork extends HandlerManagement, MockAssertions {
  /** Lifecycle events, as `server.events`. */
  readonly events: LifecycleEvents
  /**
   * Records the page's exchanges as HAR 1.2, as `server.record()`: by default
   * what the network answered; `{ include: 'all' }` adds mocked answers.
   */
  record(options?: RecordOptions): PageRecording
  /** Stops routing the page's traffic through the handlers. Harmless twice. */
  dispose(): Promise<void>
}

function reportRouteFailure(error: unknown): void {
  if (isTargetGone(error)) return
  console.error('[mocklib] A Playwright route could not be settled:', error)
}

/**
 * Routes the HTTP and WebSocket traffic of a Playwright `page` or browser
 * `context` through `handlers`, running in this Node process. Works with
 * `playwright-core` alone; `createNetworkFixture` wraps it for Playwright Test.
 * Resolves once the routes are in place.
 *
 * @example
 * import { chromium } from 'playwright-core'
 * import { interceptPage } from 'mocklib/playwright'
 * const page = await (await chromium.launch()).newPage()
 * const network = await interceptPage(page, { handlers: [http.get('/api/user', () => HttpResponse.json({ name: 'Ada' }))] })
 */
export async function interceptPage(target: RoutableLike, options: InterceptPageOptions = {}): Promise<PageNetwork> {
  const handlers = [...(options.handlers ?? [])]
  assertHandlers(handlers, 'interceptPage()')
  const store = createSingleScopeStore(new HandlerScope(handlers))
  const work = createRoutingWork()
  const core = createRuntime({
    store,
    sources: [playwrightRouteSource(target, work, reportRouteFailure), playwrightWebSocketSource(target, work)],
  })
  const history = createMockAssertions(store, core.observers)
  core.start({ onUnhandledRequest: pagePolicy(options.onUnhandledRequest ?? 'warn') })
  await work.settled()

  const reported = () => history.unhandledRequests().filter(isReportedUnhandled)
  return {
    ...createHandlerManagement(store, 'network'),
    ...history,
    unhandledRequests: () => Object.freeze(reported()),
    assertNoUnhandledRequests() {
      const records = reported()
      if (records.length > 0) throw new Error(unhandledRequestsText(records, records.length))
    },
    events: core.emitter,
    record: (recordOptions) => withSave(recordRuntime(core, store.current(), recordOptions)),
    async dispose() {
      core.stop()
      await work.settled()
    },
  }
}
