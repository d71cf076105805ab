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

// msw 2.15's list (styles, scripts, pages, fonts, images, media, documents, data
// files, archives), plus source maps, icons and bitmaps: their absence of handlers is never news.
const STATIC_ASSET =
  /\.(?:s?css|less|m?jsx?|m?tsx?|map|html|ttf|otf|woff2?|eot|gif|jpe?g|png|avif|webp|svg|ico|bmp|mp4|webm|ogg|mov|mp3|wav|flac|aac|pdf|txt|csv|json|xml|md|zip|tar|gz|rar|7z)$/i
// Dev-server tooling (Vite's /@vite/client, /@fs/, /@id/) and packages served over HTTP.
const TOOLING_PATH = /@vite|\/@fs\/|\/@id\/|node_modules/
const ASSET_HOST = /(?:^|\.)fonts\.googleapis\.com$/

/**
 * True for a request the built-in `'warn'` and `'error'` policies never
 * report: a `file:` URL, Google Fonts, a dev server's tooling or
 * `node_modules`, or a path ending in a static asset's extension (as msw's
 * `isCommonAssetRequest`). A handler can still mock such a request.
 *
 * @example
 * isCommonAssetRequest(new Request('http://localhost/styles/main.css')) // true
 * isCommonAssetRequest(new Request('http://localhost/api/user')) // false
 */
export function isCommonAssetRequest(request: Request | URL): boolean {
  return isStaticAsset(request instanceof URL ? request : new URL(request.url))
}

function isStaticAsset(url: URL): boolean {
  return url.protocol === 'file:' || ASSET_HOST.test(url.hostname) || STATIC_ASSET.test(url.pathname) || TOOLING_PATH.test(url.pathname)
}

/**
 * What reports unhandled requests (their warning and error texts, a custom
 * policy's `print`): a page never needs it before mocking starts, a Node
 * process maybe never.
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
  if (strategy === 'bypass' || (typeof strategy !== 'function' && options.exemptStaticAssets !== false && isStaticAsset(url))) return PASS
  return reporting.loaded!.reportUnhandled(strategy, request, notes)
}
