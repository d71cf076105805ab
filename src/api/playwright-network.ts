import { createRuntime, createSingleScopeStore, HandlerScope, type Handler, type LifecycleEvents, type UnhandledRequestStrategy } from '../kernel/index.js'
import { createRoutingWork, isPageOwnRequest, isTargetGone, playwrightRouteSource, playwrightWebSocketSource, type RoutableLike } from '../kernel/playwright/index.js'
import type { RecordOptions } from '../dsl/index.js'
import { createMockAssertions, unhandledRequestsText, type MockAssertions, type UnhandledRequestRecord } from '../dsl/mock/history/index.js'
import { withSave, type NodeRecording } from '../dsl/node/index.js'
import { recordRuntime } from '../dsl/record/index.js'
import { assertHandlers, createHandlerManagement, type HandlerManagement } from './handler-management.js'

/**
 * Options of `interceptPage()`.
 *
 * @example
 * const network = await interceptPage(page, { handlers, onUnhandledRequest: 'error' })
 */
export interface InterceptPageOptions {
  /** The initial handlers. */
  readonly handlers?: readonly Handler[]
  /** Default `'warn'`; the page's documents and static assets are never reported by `'warn'`/`'error'`. */
  readonly onUnhandledRequest?: UnhandledRequestStrategy
}

/**
 * A recording of a page's traffic, as `server.record()` makes.
 *
 * @example
 * const recording = network.record()
 * await page.goto('/')
 * await recording.save('fixtures/home.har')
 */
export type PageRecording = NodeRecording

/**
 * The network of a Playwright page or browser context, answered by handlers in the test's Node process.
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
  /** Records the page's exchanges as HAR 1.2, as `server.record()`. */
  record(options?: RecordOptions): PageRecording
  /** Stops routing the page's traffic through the handlers. Harmless twice. */
  dispose(): Promise<void>
}

/**
 * What a test receives as `network`: the handlers, history and assertions of its own browser context.
 *
 * @example
 * test('shows the post', async ({ page, network }) => {
 *   network.use(http.get('/api/posts/:id', () => HttpResponse.json({ title: 'Hi' })))
 * })
 */
export type NetworkFixture = PageNetwork

/**
 * Options of `createNetworkFixture()`.
 *
 * @example
 * export const test = base.extend<{ network: NetworkFixture }>({
 *   network: createNetworkFixture({ handlers, failOnUnhandledRequests: true }),
 * })
 */
export interface NetworkFixtureOptions extends InterceptPageOptions {
  /** A test that left unhandled requests fails at teardown. Default false: they are only reported. */
  readonly failOnUnhandledRequests?: boolean
}

/**
 * What Playwright Test runs for each test.
 *
 * @example
 * const [network]: [NetworkFixtureFunction, { auto: boolean }] = createNetworkFixture({ handlers })
 */
export type NetworkFixtureFunction = (fixtures: { context: RoutableLike }, use: (network: NetworkFixture) => Promise<void>) => Promise<void>

/** `'warn'` and `'error'` let the page's documents and static assets through silently; a callback sees all. */
function pagePolicy(strategy: UnhandledRequestStrategy): UnhandledRequestStrategy {
  if (typeof strategy === 'function' || strategy === 'bypass') return strategy
  return (request, print) => {
    if (isPageOwnRequest(request)) return
    if (strategy === 'error') print.error()
    else print.warning()
  }
}

function isReportedUnhandled(record: UnhandledRequestRecord): boolean {
  return record.kind !== 'http' || !isPageOwnRequest(record.request)
}

function reportRouteFailure(error: unknown): void {
  if (isTargetGone(error)) return
  console.error('[mocklib] A Playwright route could not be settled:', error)
}

/**
 * Routes the HTTP and WebSocket traffic of a Playwright `page` or browser `context` through `handlers` in this
 * Node process. Resolves once the routes are in place.
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

/**
 * An automatic Playwright Test fixture: each test's browser context starts from the initial handlers, re-armed,
 * with its own history; `network.use()` overrides for that test only.
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
    // Handlers shared by every test (a module's array) start afresh.
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
