import { message } from '../../kernel/index.js'

/** The longest timer Node and browsers accept. */
const MAX_TIMER_MS = 2_147_483_647
const NODE_REALISTIC_MS = 5
const BROWSER_MIN_MS = 100
const BROWSER_MAX_MS = 400

/**
 * Waits before answering. `'real'` (the default) picks a realistic server
 * time: 100–400 ms in a browser, 5 ms in Node so tests stay fast. `'infinite'`
 * never resolves (the request hangs, useful to test time-outs).
 * Throws a TypeError on a negative or non-finite number.
 *
 * @example
 * http.get('/slow', async () => {
 *   await delay(1000)
 *   return HttpResponse.text('late')
 * })
 */
export function delay(duration: number | 'real' | 'infinite' = 'real'): Promise<void> {
  if (duration === 'infinite') return new Promise(() => {})
  if (duration === 'real') return sleep(realisticDuration())
  if (typeof duration !== 'number' || !Number.isFinite(duration) || duration < 0) {
    throw new TypeError(message(`delay() got ${String(duration)}.`, 'Pass milliseconds (a number >= 0), "real" or "infinite".'))
  }
  return sleep(Math.min(duration, MAX_TIMER_MS))
}

function realisticDuration(): number {
  const inBrowser = typeof window !== 'undefined' && typeof document !== 'undefined' && typeof process === 'undefined'
  if (!inBrowser) return NODE_REALISTIC_MS
  return Math.floor(BROWSER_MIN_MS + Math.random() * (BROWSER_MAX_MS - BROWSER_MIN_MS))
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}
