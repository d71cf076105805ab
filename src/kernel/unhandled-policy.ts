import { message } from './errors.js'
import { onFirstUse } from './on-first-use.js'
import type { UnhandledPolicyOptions, UnhandledRequestStrategy, UnhandledVerdict } from './unhandled-report.js'

/** What reports unhandled requests: a page never needs it before mocking starts, a Node process maybe never. */
const reporting = onFirstUse(
  () => import('./unhandled-report.js'),
  (error) => new Error(message(`The unhandled-request report could not be loaded (${String(error)}), so this unhandled request could not be reported.`, 'If mocklib is bundled, keep the chunks it imports next to it.')),
)

const PASS: UnhandledVerdict = { action: 'pass' }

/**
 * `undefined` when `applyUnhandledPolicy` can apply `strategy` now, else the
 * load it must wait for: callers wait for it before they tell anyone of the
 * unhandled request, so the events keep their order. A runtime may also call
 * it when it starts, so that no request waits.
 *
 * @example
 * yield* step(unhandledPolicyReady(runtime.onUnhandledRequest))
 */
export function unhandledPolicyReady(strategy: UnhandledRequestStrategy): Promise<unknown> | undefined {
  return strategy === 'bypass' || reporting.loaded ? undefined : reporting.load()
}

/**
 * Applies the unhandled-request policy, once `unhandledPolicyReady(strategy)`
 * has nothing to wait for. Never throws (see `reportUnhandled`).
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
