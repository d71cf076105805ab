import { message } from '../../kernel/index.js'

/** The longest timer Node and browsers accept. */
const MAX_TIMER_MS = 2_147_483_647

/**
 * Waits before answering. `'real'` (the default) waits 100–400 ms in a browser, 5 ms in Node so tests stay
 * fast; `'infinite'` never resolves (to test time-outs). A negative or non-finite number throws a TypeError.
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
  return inBrowser ? Math.floor(100 + Math.random() * 300) : 5
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}
