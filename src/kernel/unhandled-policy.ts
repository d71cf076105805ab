import { message } from './errors.js'
import { onFirstUse } from './on-first-use.js'

/** The two ways to report an unhandled request from a custom policy. */
export interface UnhandledRequestPrint {
  /** Prints the standard warning; the request then goes to the network. */
  warning(): void
  /** Prints the standard error; the request then fails. */
  error(): void
}

/**
 * What to do with a request no handler answered: `'warn'` (the default: print a
 * warning and let it through), `'error'` (print an error and fail the request),
 * `'bypass'` (let it through silently), or a callback.
 */
export type UnhandledRequestStrategy =
  | 'bypass'
  | 'warn'
  | 'error'
  | ((request: Request, print: UnhandledRequestPrint) => void)

/**
 * The outcome of the policy: let the request through, fail it with `error`, or
 * answer it with `response` (a custom policy threw: the client gets a 500, as
 * from a throwing resolver, and `error` is reported).
 */
export type UnhandledVerdict =
  | { readonly action: 'pass' }
  | { readonly action: 'fail'; readonly error: Error }
  | { readonly action: 'respond'; readonly response: Response; readonly error: Error }

/** How the built-in policies treat requests for static assets. */
export interface UnhandledPolicyOptions {
  /**
   * Default `true`: `'warn'` and `'error'` let static assets (see
   * `isCommonAssetRequest`) through without a word, in Node as in a browser
   * (as msw). `false` reports every request.
   */
  readonly exemptStaticAssets?: boolean
}

const PASS: UnhandledVerdict = { action: 'pass' }

/**
 * What reports unhandled requests (which are static assets, the warning and
 * error texts, a custom policy's `print`): a page never needs it before
 * mocking starts, a Node process maybe never.
 */
const reporting = onFirstUse(
  () => import('./unhandled-report.js'),
  (error) => new Error(message(`The unhandled-request report could not be loaded (${String(error)}), so this unhandled request could not be reported.`, 'If mocklib is bundled, keep the chunks it imports next to it.')),
)

/**
 * `undefined` when `applyUnhandledPolicy` can apply `strategy` now, else the
 * load it must wait for (its report loads on first use): callers wait for it
 * before they tell anyone of the unhandled request, so the events keep their
 * order. A runtime may also call it when it starts, so that no request waits.
 *
 * @example
 * const waiting = unhandledPolicyReady(runtime.onUnhandledRequest)
 * if (waiting) return waiting.then(() => settle(exchange))
 */
export function unhandledPolicyReady(strategy: UnhandledRequestStrategy): Promise<unknown> | undefined {
  return strategy === 'bypass' || reporting.loaded ? undefined : reporting.load()
}

/**
 * Applies the unhandled-request policy, once `unhandledPolicyReady(strategy)`
 * has nothing to wait for. Never throws: a callback that throws answers the
 * request with a 500 (as a throwing resolver would) instead of crashing the
 * process. `'warn'` and `'error'` let static assets through silently (see
 * `isCommonAssetRequest`; `exemptStaticAssets: false` reports them); a
 * callback sees every request.
 *
 * @example
 * const verdict = applyUnhandledPolicy('warn', request, new URL(request.url)) // prints the warning; { action: 'pass' }
 */
export function applyUnhandledPolicy(
  strategy: UnhandledRequestStrategy,
  request: Request,
  url: URL,
  notes: readonly string[] = [],
  options: UnhandledPolicyOptions = {},
): UnhandledVerdict {
  return strategy === 'bypass' ? PASS : reporting.loaded!.reportUnhandled(strategy, request, url, notes, options)
}
