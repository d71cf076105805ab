import { message } from '../../kernel/index.js'
import type { MockTypeError } from './type-error.js'

/**
 * The argument of `.times(n)`: a whole number of at least 1. A literal `0`,
 * a negative or a fraction is a type error that says so.
 *
 * @example
 * mock.get('/posts').reply(200).times(3)
 * // @ts-expect-error times(0) cannot answer anything
 * mock.get('/posts').reply(200).times(0)
 */
export type TimesCount<Count extends number> = number extends Count
  ? Count
  : `${Count}` extends '0' | `-${string}` | `${string}.${string}`
    ? Count & MockTypeError<'times(n) needs a whole number n >= 1. Use .persist() to answer any number of requests, or remove the mock.'>
    : Count

/** Checks `.times(n)` at runtime; returns `n`. @internal */
export function checkTimes(count: unknown, header: string): number {
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 1) {
    throw new TypeError(
      message(
        `.times() of mock "${header}" got ${typeof count === 'number' ? count : typeof count}, but needs a whole number of at least 1.`,
        'Use .persist() to answer any number of requests, or remove the mock.',
      ),
    )
  }
  return count
}

/** Checks `.delay(ms)` at runtime; returns `ms`. @internal */
export function checkDelay(ms: unknown, header: string): number {
  if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0) {
    throw new TypeError(message(`.delay() of mock "${header}" got ${String(ms)}.`, 'Pass milliseconds: a number >= 0.'))
  }
  return ms
}

/** The error for a second limit modifier (`times`/`once`/`persist`). @internal */
export function limitAlreadySet(header: string, first: string, second: string): Error {
  return new Error(
    message(`mock "${header}": .${second} was called after .${first}; a mock has one usage limit.`, `Keep only one of them (the default is .persist()).`),
  )
}
