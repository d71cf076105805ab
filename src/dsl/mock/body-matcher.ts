import { message } from '../../kernel/index.js'
import { formatValue } from './format-value.js'
import type { StepCheck } from './step-check.js'
import { peekRequestBody, requestBody, type RequestBody } from './request-body.js'

/**
 * How a value inside a JSON body is matched: the value, a RegExp (strings), a predicate, or a matcher of the same shape.
 *
 * @example
 * const title: DeepMatcher<{ title: string; tags: string[] }> = { title: /^Hello/ }
 */
export type DeepMatcher<Value> =
  | ((value: Value) => boolean)
  | (Value extends string ? Value | RegExp : Value extends readonly (infer Item)[] ? readonly DeepMatcher<Item>[] : Value extends object ? { readonly [Key in keyof Value]?: DeepMatcher<Value[Key]> } : Value)

/**
 * `.body(...)`: the exact text, a RegExp on the text, a predicate on the parsed body, or an object / array matched
 * against the parsed body, partially unless `{ exact: true }`.
 *
 * @example
 * mock.post('/posts').body({ title: 'Hello' })
 * mock.post('/posts').body<PostInput>((post) => post.tags.length > 0)
 * mock.post('/upload').body(/^--boundary/)
 */
// The object branch spells out `DeepMatcher<Body>` without its predicate, which the union already has, and reads an
// array's items as `Body[number]` rather than with `infer`: less to build per `.body<Type>(matcher)` call.
export type BodyMatcher<Body> =
  | string
  | RegExp
  | ((body: Body) => boolean)
  | (unknown extends Body
      ? Readonly<Record<string, unknown>> | readonly unknown[]
      : Body extends readonly unknown[]
        ? readonly DeepMatcher<Body[number]>[]
        : Body extends object
          ? { readonly [Key in keyof Body]?: DeepMatcher<Body[Key]> }
          : never)

/**
 * Options of `.body(matcher, options)`.
 *
 * @example
 * mock.post('/posts').body({ title: 'Hello' }, { exact: true }).reply(201)
 */
export interface BodyMatchOptions {
  /** Objects and arrays must match exactly: no extra keys. Default `false` (partial). */
  readonly exact?: boolean
}

/** Compiles `.body(...)`; throws a TypeError on bad input. */
export function bodyStep(matcher: unknown, options: BodyMatchOptions = {}): StepCheck {
  const test = bodyTest(matcher, options.exact === true)
  return {
    description: `body(${formatValue(matcher)}${options.exact ? ', exact' : ''})`,
    load(context) {
      const body = requestBody(context)
      return body.state === 'pending' ? body.ready : undefined
    },
    loaded: (context) => peekRequestBody(context)?.state === 'read',
    check(context) {
      const body = requestBody(context)
      return body.state === 'unavailable' ? 'could not be read: it was already consumed' : test(body)
    },
  }
}

function bodyTest(matcher: unknown, exact: boolean): (body: RequestBody) => string | undefined {
  if (typeof matcher === 'string') return ({ text }) => textReason(text, text === matcher, formatValue(matcher))
  if (matcher instanceof RegExp) {
    const regexp = new RegExp(matcher.source, matcher.flags.replace(/[gy]/g, ''))
    return ({ text }) => textReason(text, regexp.test(text), String(matcher))
  }
  if (typeof matcher === 'function' || (typeof matcher === 'object' && matcher !== null)) return ({ parsed }) => mismatch(parsed, matcher, '', exact)
  throw new TypeError(
    message(`.body() got ${matcher === null ? 'null' : typeof matcher}.`, 'Pass a string, a RegExp, a predicate function, or an object or array to match the JSON body.'),
  )
}

function textReason(text: string, matches: boolean, expected: string): string | undefined {
  if (matches) return undefined
  return `${text === '' ? 'is empty' : `is ${formatValue(text)}`}, expected ${expected}`
}

/** The first difference between `value` and `matcher`, as `.a.b is 1, expected 2`; `undefined` when they match. */
export function mismatch(value: unknown, matcher: unknown, path: string, exact: boolean): string | undefined {
  const at = path === '' ? '' : `${path} `
  if (typeof matcher === 'function') {
    return (matcher as (inner: unknown) => unknown)(value) === true ? undefined : `${at}${formatValue(value)} was rejected by ${formatValue(matcher)}`
  }
  if (matcher instanceof RegExp) {
    return typeof value === 'string' && matcher.test(value) ? undefined : `${at}is ${formatValue(value)}, expected ${String(matcher)}`
  }
  if (Array.isArray(matcher)) {
    if (!Array.isArray(value)) return `${at}is ${formatValue(value)}, expected an array`
    if (value.length !== matcher.length) return `${at}has ${value.length} items, expected ${matcher.length}`
    for (let i = 0; i < matcher.length; i++) {
      const reason = mismatch(value[i], matcher[i], `${path}[${i}]`, exact)
      if (reason !== undefined) return reason
    }
    return undefined
  }
  if (typeof matcher === 'object' && matcher !== null) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return `${at}is ${formatValue(value)}, expected an object`
    const record = value as Record<string, unknown>
    for (const [key, inner] of Object.entries(matcher)) {
      if (!Object.hasOwn(record, key)) return `${path}.${key} is missing, expected ${formatValue(inner)}`
      const reason = mismatch(record[key], inner, `${path}.${key}`, exact)
      if (reason !== undefined) return reason
    }
    if (exact) {
      const extra = Object.keys(record).find((key) => !Object.hasOwn(matcher, key))
      if (extra !== undefined) return `${path}.${extra} is ${formatValue(record[extra])}, expected no such key (exact match)`
    }
    return undefined
  }
  return Object.is(value, matcher) ? undefined : `${at}is ${formatValue(value)}, expected ${formatValue(matcher)}`
}
