import { message } from './errors.js'
import { onFirstUse } from './on-first-use.js'
import type { UnhandledRequestStrategy, UnhandledVerdict } from './unhandled-report.js'

// A page never needs the report before mocking starts, a Node process maybe never.
const reporting = onFirstUse(
  () => import('./unhandled-report.js'),
  (error) => new Error(message(`The unhandled-request report could not be loaded (${String(error)}), so this unhandled request could not be reported.`, 'If mocklib is bundled, keep the chunks it imports next to it.')),
)

const PASS: UnhandledVerdict = { action: 'pass' }

/** The load `applyUnhandledPolicy` must wait for; callers wait before they tell anyone, so the events keep their order. */
export function unhandledPolicyReady(strategy: UnhandledRequestStrategy): Promise<unknown> | undefined {
  return strategy === 'bypass' || reporting.loaded ? undefined : reporting.load()
}

/** Once `unhandledPolicyReady(strategy)` has nothing to wait for. Never throws. */
export function applyUnhandledPolicy(strategy: UnhandledRequestStrategy, request: Request, url: URL, notes: readonly string[]): UnhandledVerdict {
  return strategy === 'bypass' ? PASS : reporting.loaded!.reportUnhandled(strategy, request, url, notes)
}
