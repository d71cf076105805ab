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
 * `'auto'` uses the Service Worker and falls back to patching fetch and XMLHttpRequest in the page where no
 * worker can run; `'service-worker'` never falls back; `'in-page'` never registers a worker.
 *
 * @example
 * await worker.start({ interception: 'in-page' }) // no Service Worker: fetch and XMLHttpRequest are patched
 */
export type InterceptionMode = 'auto' | 'service-worker' | 'in-page'

/**
 * Options of `worker.start()`.
 *
 * @example
 * await worker.start({ serviceWorker: { url: '/mockServiceWorker.js' }, onUnhandledRequest: 'bypass' })
 */
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
  /** Checks the answers against a `contract()` of `mocklib/openapi`; a refused one fails the page's fetch. */
  readonly contract?: ReportingAnswerCheck
  /** Do not log mocked requests nor the "mocking enabled" line to the console. */
  readonly quiet?: boolean
  /** Default `'auto'`; `'in-page'` is how tests exercise the fallback for pages without Service Workers. */
  readonly interception?: InterceptionMode
}

/**
 * What `worker.start()` resolves to.
 *
 * @example
 * const { mode } = await worker.start()
 * if (mode === 'in-page') console.info('No Service Worker here: fetch and XMLHttpRequest are patched in the page.')
 */
export interface StartResult {
  /** How requests are intercepted. */
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
  /** Resolves once the handlers answer the page's requests; rejects when mocking already runs or the script is from another version. */
  start(options?: StartOptions): Promise<StartResult>
  /** Stops mocking this page; its requests reach the network. Harmless when stopped. */
  stop(): Promise<void>
  /** Lifecycle events; none fires after `stop()`. */
  readonly events: LifecycleEvents
  /**
   * Records this page's exchanges as HAR 1.2 (with `{ include: 'all' }`, the mocked ones too), secrets redacted.
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
 * Creates the browser runtime with `handlers` as its initial handlers; nothing is intercepted until `start()`.
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
    loadEventSourcePatch: () => import('../../dsl/event-source/index.js').then((chunk) => chunk.patchEventSource),
  }
  // Each source is loaded by start(): a page that never starts mocking downloads neither.
  const requests = lazyPageRequestSource(page)
  const webSockets = lazyPageWebSocketSource()
  // Requested now, awaited by start(): nothing reads the page's cookies nor answers a request before then.
  const onStart = onFirstUse(() => import('./on-start.js'))
  const core = createRuntime({ store, sources: [requests, webSockets], readCookies: (request) => onStart.loaded?.readPageCookies(request) })
  core.observers.add({ onHandled: (context, _handler, response) => onStart.loaded?.applyPageEffects(context, response, page.options.quiet === true) })
  const history = lazyHistory(core, onStart.load, () => page.reports?.arrived())
  let contract: ReportingAnswerCheck | undefined

  const { start, stop } = startsOnce<StartOptions, StartResult>(
    async (options) => {
      page.options = options
      core.answerChecks.clear()
      contract = options.contract
      const onUnhandledRequest = options.onUnhandledRequest ?? 'warn'
      // The checking and unhandled-report chunks load now, so that no request of the page waits for them.
      await Promise.all([history.ready, requests.load(), webSockets.load(), contract && answerChecking.load(), unhandledPolicyReady(onUnhandledRequest)])
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
 * For a start that waits (the Service Worker registers): a second `start()` rejects; `stop()` waits for a
 * start on its way, then stops what it started; a failed start leaves nothing to stop.
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
