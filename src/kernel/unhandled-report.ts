// Loaded on first use (see unhandled-policy.ts): what reports an unhandled
// request, with the texts of its warning and error. A page loads it when
// mocking starts, a Node process with its first unhandled request.
import { exceptionResponse, message } from './errors.js'
import { isCommonAssetRequest } from './static-asset.js'
import type { UnhandledPolicyOptions, UnhandledRequestPrint, UnhandledRequestStrategy, UnhandledVerdict } from './unhandled-policy.js'

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
      const error = thrown instanceof Error ? thrown : new Error(String(thrown))
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
