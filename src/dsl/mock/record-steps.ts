import { message, type RequestContext } from '../../kernel/index.js'
import { formatValue } from './format-value.js'
import type { StepCheck } from './step-check.js'

/**
 * How one query param, header or cookie is matched: exactly by a string, by a RegExp, or by a predicate.
 *
 * @example
 * mock.get('/posts').query({ page: /^\d+$/, sort: 'asc', q: (value) => value.length > 2 })
 */
export type ValueMatcher = string | RegExp | ((value: string) => boolean)

/** Why a value fails (`null`: missing); throws a TypeError naming `where` on bad input. */
function compileValueMatcher(matcher: ValueMatcher, where: string): (value: string | null) => string | undefined {
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

/**
 * `.query(...)`: a subset of the search params, or a predicate that receives all of them.
 *
 * @example
 * mock.get('/posts').query({ page: '2' })
 * mock.get('/posts').query((params) => params.getAll('tag').includes('news'))
 */
export type QueryMatcher = Readonly<Record<string, ValueMatcher>> | ((searchParams: URLSearchParams) => boolean)

/**
 * `.headers(...)`: a subset of the headers (names are case-insensitive), or a predicate on the `Headers`.
 *
 * @example
 * mock.get('/me').headers({ authorization: /^Bearer / })
 */
export type HeadersMatcher = Readonly<Record<string, ValueMatcher>> | ((headers: Headers) => boolean)

/**
 * `.cookies(...)`: a subset of the cookies, or a predicate that receives them all.
 *
 * @example
 * mock.get('/me').cookies({ session: 'abc' })
 */
export type CookiesMatcher = Readonly<Record<string, ValueMatcher>> | ((cookies: Record<string, string>) => boolean)

/** Where a step reads its record of values (query, headers, cookies) from. */
interface RecordSource<Whole> {
  readonly name: 'query' | 'headers' | 'cookies'
  whole(context: RequestContext): Whole
  read(whole: Whole, key: string): string | null
  show(whole: Whole): string
}

export const querySource: RecordSource<URLSearchParams> = {
  name: 'query',
  whole: (context) => context.url.searchParams,
  read: (params, key) => params.get(key),
  show: (params) => (params.size === 0 ? '(no query)' : `?${params.toString()}`),
}

export const headersSource: RecordSource<Headers> = {
  name: 'headers',
  whole: (context) => context.request.headers,
  read: (headers, key) => headers.get(key),
  show: (headers) => formatValue(Object.fromEntries(headers)),
}

export const cookiesSource: RecordSource<Record<string, string>> = {
  name: 'cookies',
  whole: (context) => context.cookies,
  read: (cookies, key) => (Object.hasOwn(cookies, key) ? cookies[key]! : null),
  show: (cookies) => formatValue(cookies),
}

/** Compiles `.query()`, `.headers()` or `.cookies()`; throws a TypeError on bad input. */
export function recordStep<Whole>(source: RecordSource<Whole>, matcher: Readonly<Record<string, ValueMatcher>> | ((whole: Whole) => boolean)): StepCheck {
  const where = `.${source.name}()`
  if (typeof matcher === 'function') {
    return {
      description: `${source.name}(${formatValue(matcher)})`,
      check(context) {
        const whole = source.whole(context)
        return matcher(whole) === true ? undefined : `${formatValue(matcher)} returned false for ${source.show(whole)}`
      },
    }
  }
  if (typeof matcher !== 'object' || matcher === null || Array.isArray(matcher)) {
    throw new TypeError(
      message(`${where} expects an object of expected values or a predicate function, but got ${matcher === null ? 'null' : Array.isArray(matcher) ? 'an array' : typeof matcher}.`),
    )
  }
  const entries = Object.entries(matcher)
  const tests = entries.map(([key, value]) => [key, compileValueMatcher(value, `${where} for "${key}"`)] as const)
  return {
    description: `${source.name}(${entries.map(([key, value]) => `${key}=${formatValue(value)}`).join(', ')})`,
    check(context) {
      const whole = source.whole(context)
      for (const [key, test] of tests) {
        const reason = test(source.read(whole, key))
        if (reason !== undefined) return `"${key}" ${reason}`
      }
      return undefined
    },
  }
}
