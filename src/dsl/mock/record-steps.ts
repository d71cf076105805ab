import { message, type RequestContext } from '../../kernel/index.js'
import { formatValue } from './format-value.js'
import type { StepCheck } from './step-check.js'
import { compileValueMatcher, type CompiledValueMatcher, type ValueMatcher } from './value-matcher.js'

/**
 * `.query(...)`: a subset of the search params (each value a string, RegExp
 * or predicate), or a predicate that receives all of them.
 *
 * @example
 * mock.get('/posts').query({ page: '2' })
 * mock.get('/posts').query((params) => params.getAll('tag').includes('news'))
 */
export type QueryMatcher = Readonly<Record<string, ValueMatcher>> | ((searchParams: URLSearchParams) => boolean)

/**
 * `.headers(...)`: a subset of the headers (names are case-insensitive), or a
 * predicate that receives the `Headers`.
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

interface RecordSource<Whole> {
  readonly name: 'query' | 'headers' | 'cookies'
  whole(context: RequestContext): Whole
  read(whole: Whole, key: string): string | null
  show(whole: Whole): string
}

const querySource: RecordSource<URLSearchParams> = {
  name: 'query',
  whole: (context) => context.url.searchParams,
  read: (params, key) => params.get(key),
  show: (params) => (params.size === 0 ? '(no query)' : `?${params.toString()}`),
}

const headersSource: RecordSource<Headers> = {
  name: 'headers',
  whole: (context) => context.request.headers,
  read: (headers, key) => headers.get(key),
  show: (headers) => formatValue(Object.fromEntries(headers)),
}

const cookiesSource: RecordSource<Record<string, string>> = {
  name: 'cookies',
  whole: (context) => context.cookies,
  read: (cookies, key) => (Object.hasOwn(cookies, key) ? cookies[key]! : null),
  show: (cookies) => formatValue(cookies),
}

function recordStep<Whole>(source: RecordSource<Whole>, matcher: Readonly<Record<string, ValueMatcher>> | ((whole: Whole) => boolean)): StepCheck {
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
  const entries: [string, CompiledValueMatcher][] = Object.entries(matcher).map(([key, value]) => [key, compileValueMatcher(value, `${where} for "${key}"`)])
  const description = Object.entries(matcher)
    .map(([key, value]) => `${key}=${formatValue(value)}`)
    .join(', ')
  return {
    description: `${source.name}(${description})`,
    check(context) {
      const whole = source.whole(context)
      for (const [key, test] of entries) {
        const reason = test(source.read(whole, key))
        if (reason !== undefined) return `"${key}" ${reason}`
      }
      return undefined
    },
  }
}

/** Compiles `.query(...)`. @internal */
export function queryStep(matcher: QueryMatcher): StepCheck {
  return recordStep(querySource, matcher)
}

/** Compiles `.headers(...)`. @internal */
export function headersStep(matcher: HeadersMatcher): StepCheck {
  return recordStep(headersSource, matcher)
}

/** Compiles `.cookies(...)`. @internal */
export function cookiesStep(matcher: CookiesMatcher): StepCheck {
  return recordStep(cookiesSource, matcher)
}
