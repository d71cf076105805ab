// What reports a request no handler answered, with the texts of its warning and error. Loaded on first
// use (see unhandled-policy.ts): a page loads it when mocking starts, a Node process with its first
// unhandled request.
import { asError, exceptionResponse, message } from './errors.js'
import { isCommonAssetRequest } from './static-asset.js'

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

function describe(request: Request, notes: readonly string[]): string {
  const why = notes.length === 0 ? '' : `\n\n  Why no handler matched:${notes.map((note) => `\n  - ${note}`).join('')}`
  return `${request.method} ${request.url}${why}`
}

/**
 * The text of the warning printed for an unhandled request; `notes` (from
 * `RequestContext.notes`) say why handlers did not match it.
 *
 * @example
 * console.warn(unhandledWarningText(request, context.notes))
 */
export function unhandledWarningText(request: Request, notes: readonly string[] = []): string {
  return message(
    `Warning: intercepted a request without a matching request handler:\n\n  • ${describe(request, notes)}\n\n`,
    'If this request should be mocked, add a handler for it (for example `http.' +
      request.method.toLowerCase() +
      "(...)`); if it should reach the network, answer it with `passthrough()` or set `onUnhandledRequest: 'bypass'`.",
  )
}

/**
 * The text of the error for an unhandled request under the `'error'` policy; `notes` as above.
 *
 * @example
 * const error = new Error(unhandledErrorText(request, context.notes))
 */
export function unhandledErrorText(request: Request, notes: readonly string[] = []): string {
  return message(
    `Error: intercepted a request without a matching request handler:\n\n  • ${describe(request, notes)}\n\n`,
    "Add a request handler for it, or change `onUnhandledRequest` if unhandled requests are expected.",
  )
}

/**
 * Reports an unhandled request under `strategy` (not `'bypass'`: see
 * `applyUnhandledPolicy`). `'warn'` and `'error'` let static assets through
 * silently unless `options.exemptStaticAssets` is `false`; a callback sees
 * every request. Never throws: a callback that throws answers the request
 * with a 500, as a throwing resolver would.
 *
 * @example
 * const verdict = reportUnhandled('error', request, context.url, context.notes, {}) // prints the error; { action: 'fail', error }
 */
export function reportUnhandled(
  strategy: Exclude<UnhandledRequestStrategy, 'bypass'>,
  request: Request,
  url: URL,
  notes: readonly string[],
  options: UnhandledPolicyOptions,
): UnhandledVerdict {
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
      const error = asError(thrown)
      return { action: 'respond', response: exceptionResponse(error), error }
    }
    return verdict
  }
  if (options.exemptStaticAssets !== false && isCommonAssetRequest(url)) return PASS
  if (strategy === 'error') {
    const text = unhandledErrorText(request, notes)
    console.error(text)
    return failWith(text)
  }
  console.warn(unhandledWarningText(request, notes))
  return PASS
}
