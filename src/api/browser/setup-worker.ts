import { answerChecking, createRuntime, createSingleScopeStore, HandlerScope, message, unhandledPolicyReady, type Handler, type LifecycleEvents, type ReportingAnswerCheck } from '../../kernel/index.js'
import type { MockAssertions, RecordOptions, Recording } from '../../dsl/index.js'
import { lazySource } from '../../kernel/browser/lazy-source.js'
import { onFirstUse } from '../../kernel/on-first-use.js'
import type { PageRequestSettings } from '../../kernel/browser/page-request-source.js'
import { contractAssertions, type ContractAssertions } from '../contract-assertions.js'
import { assertHandlers, createHandlerManagement, type HandlerManagement } from '../handler-management.js'
import { lazyHistory } from './lazy-history.js'
import { startsOnce } from './starts-once.js'
import type { StartOptions, StartResult } from './start-options.js'

/**
 * The browser runtime returned by `setupWorker`.
 *
 * @example
 * const worker = setupWorker(...handlers)
 * await worker.start({ onUnhandledRequest: 'bypass' })
 */
export interface SetupWorkerApi extends HandlerManagement, MockAssertions, ContractAssertions {
  /**
   * Registers the mocklib Service Worker and activates mocking for this page;
   * resolves once the page's requests are answered by the handlers. Falls back
   * to in-page interception where no worker can run (see `interception`).
   * Rejects when mocking already runs, or when the worker script is from
   * another mocklib version (run `npx mocklib init <publicDir>` again).
   */
  start(options?: StartOptions): Promise<StartResult>
  /** Stops mocking this page; its requests reach the network. Harmless when stopped. */
  stop(): Promise<void>
  /** Lifecycle events; none fires after `stop()`. */
  readonly events: LifecycleEvents
  /**
   * Starts recording this page's exchanges as HAR 1.2: by default what the
   * network answered (passthrough, unhandled requests let through);
   * `{ include: 'all' }` adds mocked answers. Secrets in headers are redacted.
   * `await recording.settled()` then `recording.stop()` gives the HAR.
   *
   * @example
   * const recording = worker.record()
   * await fetch('/api/user')
   * await recording.settled()
   * const har = recording.stop()
   */
  record(options?: RecordOptions): Recording
}

/**
 * Creates the browser runtime with `handlers` as its initial handlers. Nothing
 * is intercepted until `start()`.
 *
 * @example
 * import { setupWorker } from 'mocklib/browser'
 * const worker = setupWorker(http.get('/posts', () => HttpResponse.json([])))
 * await worker.start()
 */
export function setupWorker(...handlers: Handler[]): SetupWorkerApi {
  assertHandlers(handlers, 'setupWorker()')
  const store = createSingleScopeStore(new HandlerScope(handlers))
  const page: PageRequestSettings = {
    options: {},
    started: undefined,
    // The in-page fallback is a chunk of its own: a page that uses the Service Worker never loads it.
    startInPage: (sink, reports) => import('./in-page-mode.js').then((inPage) => inPage.startInPage(sink, reports)),
  }
  // Each source is a chunk of its own, loaded by start(): a page that never starts mocking downloads neither.
  const requests = lazySource('page-requests', () => import('../../kernel/browser/page-request-source.js').then((chunk) => chunk.pageRequestSource(page)))
  // A Service Worker never sees WebSockets: the page's WebSocket is patched in every mode.
  const webSockets = lazySource('page-websocket', () => import('../../kernel/browser/websocket-source.js').then((chunk) => chunk.pageWebSocketSource()))
  // History, assertions, record() and what the page does with answers are a chunk of their own, requested
  // now and awaited by start(): nothing reads the page's cookies nor answers a request before then.
  const onStart = onFirstUse(() => import('./worker-on-start.js'))
  const core = createRuntime({ store, sources: [requests, webSockets], readCookies: (request) => onStart.loaded?.readPageCookies(request), exemptStaticAssets: true })
  let quiet = false
  core.observers.add({ onHandled: (context, _handler, response) => onStart.loaded?.applyPageEffects(context.request, response, quiet) })
  // A recording's settled() also waits for the passthrough reports the page's sources still expect.
  const history = lazyHistory(core, onStart.load, () => page.reports?.arrived())
  let contract: ReportingAnswerCheck | undefined

  const { start, stop } = startsOnce<StartOptions, StartResult>(
    async (options) => {
      page.options = options
      quiet = options.quiet === true
      core.answerChecks.clear()
      contract = options.contract
      const onUnhandledRequest = options.onUnhandledRequest ?? 'warn'
      // What runs the checks is a chunk of its own, loaded with the sources when there is a contract; so is
      // what reports unhandled requests, loaded now so that no request of the page waits for it.
      await Promise.all([history.ready, requests.load(), webSockets.load(), contract && answerChecking.load(), unhandledPolicyReady(onUnhandledRequest)])
      // The page's console says why an answer was refused: through the Service Worker the fetch fails without a reason.
      if (contract) core.answerChecks.add(onStart.loaded!.printedRefusals(contract))
      await core.start({ onUnhandledRequest })
      return page.started!
    },
    () => core.stop(),
    () => message('worker.start() was called while mocking already runs.', 'Call worker.stop() first, or start once.'),
  )
  return {
    ...createHandlerManagement(store, 'worker'),
    ...history.assertions,
    ...contractAssertions(() => contract, () => store.current()),
    events: core.emitter,
    record: (options) => history.record(options),
    start,
    stop,
  }
}
