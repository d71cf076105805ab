import { message } from '../../kernel/index.js'
import { formatValue } from './format-value.js'

/**
 * How one value (a query param, a header, a cookie) is matched: exactly by a
 * string, by a RegExp, or by a predicate that receives the value.
 *
 * @example
 * mock.get('/posts').query({ page: /^\d+$/, sort: 'asc', q: (value) => value.length > 2 })
 */
export type ValueMatcher = string | RegExp | ((value: string) => boolean)

/** A compiled value matcher: `undefined` when the value passes, else why not. */
export type CompiledValueMatcher = (value: string | null) => string | undefined

/** Compiles a value matcher; throws a TypeError naming `where` on bad input. */
export function compileValueMatcher(matcher: ValueMatcher, where: string): CompiledValueMatcher {
  const expected = formatValue(matcher)
  const got = (value: string | null) => (value === null ? 'is missing' : `is ${formatValue(value)}`)
  if (typeof matcher === 'string' || typeof matcher === 'number' || typeof matcher === 'boolean') {
    const text = String(matcher)
    return (value) => (value === text ? undefined : `${got(value)}, expected ${formatValue(text)}`)
  }
  if (matcher instanceof RegExp) {
    const regexp = new RegExp(matcher.source, matcher.flags.replace(/[gy]/g, ''))
    return (value) => (value !== null && regexp.test(value) ? undefined : `${got(value)}, expected ${expected}`)
  }
  if (typeof matcher === 'function') {
    return (value) => (value !== null && matcher(value) === true ? undefined : `${got(value)}, rejected by ${expected}`)
  }
  throw new TypeError(
    message(`${where} got ${matcher === null ? 'null' : typeof matcher} as a value matcher.`, 'Use a string, a RegExp or a function (value) => boolean.'),
  )
}
