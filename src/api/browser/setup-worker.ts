import {
  answerChecking,
  createRuntime,
  createSingleScopeStore,
  HandlerScope,
  message,
  onFirstUse,
  unhandledPolicyReady,
  type Handler,
  type LifecycleEvents,
  type ReportingAnswerCheck,
  type UnhandledRequestStrategy,
} from '../../kernel/index.js'
import { lazyPageRequestSource, lazyPageWebSocketSource, type PageRequestSettings } from '../../kernel/browser/index.js'
import type { MockAssertions, RecordOptions, Recording } from '../../dsl/index.js'
import { contractAssertions, type ContractAssertions } from '../contract-assertions.js'
import { assertHandlers, createHandlerManagement, type HandlerManagement } from '../handler-management.js'
import { lazyHistory } from './lazy-history.js'

/**
 * How a page intercepts its requests: `'auto'` (the default) uses the Service
 * Worker and falls back to patching fetch and XMLHttpRequest in the page when a
 * worker is impossible; `'service-worker'` never falls back (a failure rejects
 * `start()`); `'in-page'` always patches the page (no worker is registered).
 */
export type InterceptionMode = 'auto' | 'service-worker' | 'in-page'

/** Options of `worker.start()`. */
export interface StartOptions {
  /** Where the worker script is and how to register it. */
  readonly serviceWorker?: {
    /** URL of the script copied by `npx mocklib init <publicDir>`. Default `'/mocklib-worker.js'`. */
    readonly url?: string
    /** Registration options, such as `scope`. */
    readonly options?: RegistrationOptions
  }
  /** What to do with requests no handler answers. Default `'warn'`. */
  readonly onUnhandledRequest?: UnhandledRequestStrategy
  /**
   * Checks every mocked answer against a contract (`contract()` of
   * `mocklib/openapi`) in the page, where the handlers run, before the page
   * gets it (and, under its `checkPassthrough`, what the network answered).
   * `worker.contractViolations()` and `worker.assertContract()` read what it found.
   * An answer refused under `onViolation: 'error'` fails the page's fetch as a
   * network error, and the reason is printed with `console.error` in the page
   * (as for an unhandled request under `onUnhandledRequest: 'error'`).
   */
  readonly contract?: ReportingAnswerCheck
  /** Do not log mocked requests nor the "mocking enabled" line to the console. */
  readonly quiet?: boolean
  /**
   * Force an interception mode. `'in-page'` is how tests exercise the fallback
   * that runs where Service Workers are unavailable. Default `'auto'`.
   */
  readonly interception?: InterceptionMode
}

/** What `worker.start()` resolves to. */
export interface StartResult {
  /** How requests are intercepted: through the Service Worker or in the page. */
  readonly mode: 'service-worker' | 'in-page'
  /** The worker registration, in `'service-worker'` mode. */
  readonly registration?: ServiceWorkerRegistration
}

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
    loadEventSourcePatch: () => import('../../dsl/event-source/index.js').then((chunk) => chunk.patchEventSource),
  }
  // Each source is loaded by start(): a page that never starts mocking downloads neither.
  const requests = lazyPageRequestSource(page)
  const webSockets = lazyPageWebSocketSource()
  // History, assertions, record() and what the page does with answers are a chunk of their own, requested
  // now and awaited by start(): nothing reads the page's cookies nor answers a request before then.
  const onStart = onFirstUse(() => import('./on-start.js'))
  const core = createRuntime({ store, sources: [requests, webSockets], readCookies: (request) => onStart.loaded?.readPageCookies(request), exemptStaticAssets: true })
  let quiet = false
  core.observers.add({ onHandled: (context, _handler, response) => onStart.loaded?.applyPageEffects(context, response, quiet) })
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

/**
 * `start()`/`stop()` for a runtime whose start waits (the Service Worker
 * registers): a second `start()` while one runs rejects with
 * `alreadyRunning()`; `stop()` waits for a start on its way, then stops what
 * it started; a failed start leaves nothing to stop. `stop()` twice is harmless.
 */
export function startsOnce<Options, Result>(
  begin: (options: Options) => Promise<Result>,
  end: () => void | Promise<void>,
  alreadyRunning: () => string,
): { start(options?: Options): Promise<Result>; stop(): Promise<void> } {
  let running: Promise<unknown> | undefined
  return {
    async start(options = {} as Options) {
      if (running) throw new Error(alreadyRunning())
      const started = begin(options)
      running = started
      started.catch(() => undefined)
      try {
        return await started
      } catch (error) {
        running = undefined
        throw error
      }
    },
    async stop() {
      const current = running
      if (!current) return
      running = undefined
      try {
        await current
      } catch {
        return
      }
      await end()
    },
  }
}
