import { exceptionResponse, message } from './errors.js'

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

/** Where the policy runs: in a browser, requests for static assets are not reported. */
export interface UnhandledPolicyOptions {
  readonly exemptStaticAssets?: boolean
}

const PASS: UnhandledVerdict = { action: 'pass' }

// Bundler chunks, fonts and images: their absence of handlers is never news.
const STATIC_ASSET = /\.(?:m?js|css|map|png|jpe?g|gif|svg|webp|avif|ico|bmp|woff2?|ttf|otf|eot)$/i
const TOOLING_PATH = /\/(?:@vite|@fs|@id|node_modules)\//

function isStaticAsset(url: URL): boolean {
  return url.protocol === 'file:' || STATIC_ASSET.test(url.pathname) || TOOLING_PATH.test(url.pathname)
}

function describe(request: Request, notes: readonly string[]): string {
  const why = notes.length === 0 ? '' : `\n\n  Why no handler matched:${notes.map((note) => `\n  - ${note}`).join('')}`
  return `${request.method} ${request.url}${why}`
}

/**
 * The text of the warning printed for an unhandled request; `notes` (from
 * `RequestContext.notes`) say why handlers did not match it.
 */
export function unhandledWarningText(request: Request, notes: readonly string[] = []): string {
  return message(
    `Warning: intercepted a request without a matching request handler:\n\n  • ${describe(request, notes)}\n\n`,
    'If this request should be mocked, add a handler for it (for example `http.' +
      request.method.toLowerCase() +
      "(...)`); if it should reach the network, answer it with `passthrough()` or set `onUnhandledRequest: 'bypass'`.",
  )
}

/** The text of the error for an unhandled request under the `'error'` policy; `notes` as above. */
export function unhandledErrorText(request: Request, notes: readonly string[] = []): string {
  return message(
    `Error: intercepted a request without a matching request handler:\n\n  • ${describe(request, notes)}\n\n`,
    "Add a request handler for it, or change `onUnhandledRequest` if unhandled requests are expected.",
  )
}

/**
 * Applies the unhandled-request policy. Never throws: a callback that throws
 * answers the request with a 500 (as a throwing resolver would) instead of
 * crashing the process. Static assets (bundler chunks, fonts, images) are
 * exempt only in a browser: in Node, `'error'` means every request.
 */
export function applyUnhandledPolicy(
  strategy: UnhandledRequestStrategy,
  request: Request,
  url: URL,
  notes: readonly string[] = [],
  options: UnhandledPolicyOptions = {},
): UnhandledVerdict {
  if (strategy === 'bypass') return PASS
  const failWith = (text: string): UnhandledVerdict => ({ action: 'fail', error: new Error(text) })
  if (typeof strategy === 'function') {
    let verdict = PASS
    const print: UnhandledRequestPrint = {
      warning: () => console.warn(unhandledWarningText(request, notes)),
      error: () => {
        const text = unhandledErrorText(request, notes)
        console.error(text)
        verdict = failWith(text)
      },
    }
    try {
      strategy(request, print)
    } catch (thrown) {
      const error = thrown instanceof Error ? thrown : new Error(String(thrown))
      return { action: 'respond', response: exceptionResponse(error), error }
    }
    return verdict
  }
  if (options.exemptStaticAssets === true && isStaticAsset(url)) return PASS
  if (strategy === 'error') {
    const text = unhandledErrorText(request, notes)
    console.error(text)
    return failWith(text)
  }
  console.warn(unhandledWarningText(request, notes))
  return PASS
}
