import type { ReportingAnswerCheck, UnhandledRequestStrategy } from '../../kernel/index.js'

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
