import { asError, exceptionResponse, message } from './errors.js'
import { isCommonAssetRequest } from './static-asset.js'

/**
 * The two ways to report an unhandled request from a custom policy.
 *
 * @example
 * server.listen({ onUnhandledRequest: (request, print) => request.url.includes('/api/') && print.error() })
 */
export interface UnhandledRequestPrint {
  /** Prints the standard warning; the request then goes to the network. */
  warning(): void
  /** Prints the standard error; the request then fails. */
  error(): void
}

/**
 * What to do with a request no handler answered: `'warn'` (the default: print a warning, let it through),
 * `'error'` (print an error, fail the request), `'bypass'` (let it through), or a callback.
 *
 * @example
 * server.listen({ onUnhandledRequest: 'error' })
 */
export type UnhandledRequestStrategy =
  | 'bypass'
  | 'warn'
  | 'error'
  | ((request: Request, print: UnhandledRequestPrint) => void)

// 'respond': a custom policy threw, so the client gets a 500 as from a throwing resolver.
export type UnhandledVerdict =
  | { readonly action: 'pass' }
  | { readonly action: 'fail'; readonly error: Error }
  | { readonly action: 'respond'; readonly response: Response; readonly error: Error }

const PASS: UnhandledVerdict = { action: 'pass' }

function unhandledText(severity: 'Warning' | 'Error', request: Request, notes: readonly string[], todo: string): string {
  const why = notes.length === 0 ? '' : `\n\n  Why no handler matched:${notes.map((note) => `\n  - ${note}`).join('')}`
  return message(`${severity}: intercepted a request without a matching request handler:\n\n  • ${request.method} ${request.url}${why}\n\n`, todo)
}

function warn(request: Request, notes: readonly string[]): void {
  const todo = `If this request should be mocked, add a handler for it (for example \`http.${request.method.toLowerCase()}(...)\`); if it should reach the network, answer it with \`passthrough()\` or set \`onUnhandledRequest: 'bypass'\`.`
  console.warn(unhandledText('Warning', request, notes, todo))
}

function fail(request: Request, notes: readonly string[]): UnhandledVerdict {
  const text = unhandledText('Error', request, notes, 'Add a request handler for it, or change `onUnhandledRequest` if unhandled requests are expected.')
  console.error(text)
  return { action: 'fail', error: new Error(text) }
}

/** A callback sees every request; `'warn'` and `'error'` let static assets through without a word (as msw). Never throws. */
export function reportUnhandled(strategy: Exclude<UnhandledRequestStrategy, 'bypass'>, request: Request, url: URL, notes: readonly string[]): UnhandledVerdict {
  if (typeof strategy === 'function') {
    let verdict = PASS
    const print: UnhandledRequestPrint = {
      warning: () => warn(request, notes),
      error: () => void (verdict = fail(request, notes)),
    }
    try {
      strategy(request, print)
    } catch (thrown) {
      const error = asError(thrown)
      return { action: 'respond', response: exceptionResponse(error), error }
    }
    return verdict
  }
  if (isCommonAssetRequest(url)) return PASS
  if (strategy === 'error') return fail(request, notes)
  warn(request, notes)
  return PASS
}
