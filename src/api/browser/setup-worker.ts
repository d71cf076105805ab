import { createRuntime, createSingleScopeStore, HandlerScope, message, type Handler, type LifecycleEvents } from '../../kernel/index.js'
import type { MockAssertions, RecordOptions, Recording } from '../../dsl/index.js'
import { assertHandlers, createHandlerManagement, type HandlerManagement } from '../handler-management.js'
// By path, not through the kernel/browser index: the in-page fallback must stay a lazy chunk.
import { connectWorker } from '../../kernel/browser/worker-connection.js'
import { lazyHistory } from './lazy-history.js'
import { fallbackText } from './messages.js'
import { readPageCookies } from './page-cookies.js'
import { pageEffects } from './page-effects.js'
import type { StartOptions, StartResult } from './start-options.js'

/** Default URL of the worker script: where `npx mocklib init <publicDir>` puts it. */
export const DEFAULT_WORKER_URL = '/mocklib-worker.js'

/**
 * The browser runtime returned by `setupWorker`.
 *
 * @example
 * const worker = setupWorker(...handlers)
 * await worker.start({ onUnhandledRequest: 'bypass' })
 */
export interface SetupWorkerApi extends HandlerManagement, MockAssertions {
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

// Said once per page, however many times mocking starts.
let fallbackAnnounced = false

function whyNoServiceWorker(): string | undefined {
  if (typeof window === 'undefined' || typeof navigator === 'undefined') return 'This is not a window context.'
  if (!isSecureContext) return `This page (${location.origin}) is not a secure context, where browsers offer no Service Worker.`
  if (!('serviceWorker' in navigator)) return 'This browser offers no Service Worker here (navigator.serviceWorker is missing).'
  return undefined
}

function announceFallback(reason: string, quiet: boolean): void {
  if (fallbackAnnounced || quiet) return
  fallbackAnnounced = true
  console.warn(fallbackText(reason))
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
  // The worker connection and in-page interception start asynchronously in `start()`, so they are not runtime sources yet.
  const core = createRuntime({ store, sources: [], readCookies: readPageCookies, exemptStaticAssets: true })
  const effects = { quiet: false }
  core.observers.add(pageEffects(effects))
  // History, assertions and record() are a chunk of their own, requested now and awaited by start().
  const history = lazyHistory(core, () => import('./worker-history.js'))
  let running: Promise<() => Promise<void>> | undefined

  async function begin(options: StartOptions): Promise<{ stop: () => Promise<void>; result: StartResult }> {
    const quiet = options.quiet === true
    const mode = options.interception ?? 'auto'
    core.onUnhandledRequest = options.onUnhandledRequest ?? 'warn'
    effects.quiet = quiet
    // A Service Worker never sees WebSockets: the page's WebSocket is patched in every mode.
    const [, { pageWebSocketSource }] = await Promise.all([history.ready, import('../../kernel/browser/websocket-source.js')])
    // Patched once requests are intercepted: a second runtime is refused there, with a message that says why.
    const started = await intercept(options, mode, quiet)
    let stopWebSockets: () => void
    try {
      stopWebSockets = pageWebSocketSource().start(core.handle)
    } catch (error) {
      await started.stop()
      throw new Error(message('Another mocklib runtime already patches WebSocket in this page.', 'Call stop() on it before start() on this one.'), { cause: error })
    }
    return {
      result: started.result,
      stop: async () => {
        stopWebSockets()
        await started.stop()
      },
    }
  }

  async function intercept(options: StartOptions, mode: NonNullable<StartOptions['interception']>, quiet: boolean): Promise<{ stop: () => Promise<void>; result: StartResult }> {

    let reason = mode === 'in-page' ? 'In-page interception was requested (`interception: \'in-page\'`).' : whyNoServiceWorker()
    if (reason === undefined) {
      const url = options.serviceWorker?.url ?? DEFAULT_WORKER_URL
      let registration: ServiceWorkerRegistration | undefined
      try {
        registration = await navigator.serviceWorker.register(url, options.serviceWorker?.options)
      } catch (error) {
        if (mode === 'service-worker') throw error
        reason = `Registering the Service Worker "${url}" failed (${String(error)}); did you run \`npx mocklib init <publicDir>\`?`
      }
      if (registration) {
        const connection = await connectWorker(registration, url, core.handle)
        if (!quiet) console.info(message('Mocking enabled (Service Worker).'))
        return { stop: () => connection.stop(), result: { mode: 'service-worker', registration } }
      }
    } else if (mode === 'service-worker') {
      throw new Error(message(reason, "Serve the page from https or localhost, or use `interception: 'auto'` to fall back to in-page interception."))
    }
    announceFallback(reason ?? '', quiet)
    const { startInPage } = await import('./in-page-mode.js')
    const restore = await startInPage(core.handle)
    if (!quiet) console.info(message('Mocking enabled (in-page).'))
    return { stop: async () => restore(), result: { mode: 'in-page' } }
  }

  return {
    ...createHandlerManagement(store, 'worker'),
    ...history.assertions,
    events: core.emitter,
    record: (options) => history.record(options),
    async start(options = {}) {
      if (running) throw new Error(message('worker.start() was called while mocking already runs.', 'Call worker.stop() first, or start once.'))
      const started = begin(options)
      running = started.then((value) => value.stop)
      running.catch(() => undefined)
      try {
        return (await started).result
      } catch (error) {
        running = undefined
        throw error
      }
    },
    async stop() {
      const current = running
      if (!current) return
      running = undefined
      let stop: (() => Promise<void>) | undefined
      try {
        stop = await current
      } catch {
        return
      }
      await stop()
    },
  }
}
