import { decodeComponentSafely, message, type RequestContext } from '../../kernel/index.js'
import { nextGroupParen } from './path-inline-pattern.js'
import { checkPath, compilePath, urlWithoutQuery } from './path-pattern.js'

/**
 * What a custom predicate function receives.
 *
 * @example
 * const hasSession = ({ cookies }: HttpPredicateInfo) => cookies.session !== undefined
 */
export interface HttpPredicateInfo {
  readonly request: Request
  readonly cookies: Record<string, string>
}

/**
 * What a custom predicate function answers (as msw): a boolean, or `{ matches, params }`; sync or async.
 *
 * @example
 * const seven = ({ request }: HttpPredicateInfo): HttpPredicateResult => ({ matches: request.url.endsWith('/7'), params: { id: '7' } })
 */
export type HttpPredicateResult = boolean | { readonly matches: boolean; readonly params?: Record<string, string> }

/**
 * How a REST handler selects requests: a path or URL pattern, a RegExp tested
 * against the full URL (named groups become params), or a function.
 *
 * @example
 * const legacy: HttpPredicate = ({ request }) => request.url.includes('/legacy/')
 * http.get(legacy, () => new HttpResponse(null, { status: 410 }))
 */
export type HttpPredicate = string | RegExp | ((info: HttpPredicateInfo) => HttpPredicateResult | Promise<HttpPredicateResult>)

/** A compiled predicate; `Pending` is what an async custom function's answer becomes. */
export interface CompiledPredicate<Pending = never> {
  match(context: RequestContext): Record<string, string> | undefined | Pending
}

/** For handlers that await their match (`http.*`, `graphql.link`): a custom function may be async. */
export type CompiledAsyncPredicate = CompiledPredicate<Promise<Record<string, string> | undefined>>

/**
 * Checks a predicate without compiling it (cheap, at handler creation) and answers the static prefix of its
 * index key. Compile later with `checked = true`.
 */
export function checkPredicate(predicate: HttpPredicate, label: string): string {
  if (typeof predicate === 'string') return checkPath(predicate, label)
  if (!(predicate instanceof RegExp) && typeof predicate !== 'function') compilePredicate(predicate, label)
  return ''
}

/** Throws a TypeError naming `label` on bad input. */
export function compilePredicate(predicate: HttpPredicate, label: string, checked = false): CompiledPredicate {
  if (typeof predicate === 'string') return compilePath(predicate, label, checked)
  if (predicate instanceof RegExp) return compileRegExp(predicate)
  if (typeof predicate === 'function') {
    return functionPredicate(predicate, () => {
      throw new TypeError(message(`The predicate function of ${label} returned a Promise here, where it must be synchronous.`, 'Make it synchronous, or use an http.* handler, which awaits it.'))
    })
  }
  throw new TypeError(
    message(
      `${label} expects a path (string), a RegExp or a predicate function as its first argument, but got ${predicate === null ? 'null' : typeof predicate}.`,
      'For example: http.get("/posts/:id", resolver).',
    ),
  )
}

export function compileHandlerPredicate(predicate: HttpPredicate, label: string, checked = false): CompiledAsyncPredicate {
  if (typeof predicate !== 'function') return compilePredicate(predicate, label, checked)
  return functionPredicate(predicate, (result) => result.then(paramsOfResult))
}

function functionPredicate<Pending>(
  predicate: (info: HttpPredicateInfo) => HttpPredicateResult | Promise<HttpPredicateResult>,
  whenAsync: (result: Promise<HttpPredicateResult>) => Pending,
): CompiledPredicate<Pending> {
  return {
    match(context) {
      const result = predicate({ request: context.request, cookies: context.cookies })
      return result instanceof Promise ? whenAsync(result) : paramsOfResult(result)
    },
  }
}

/** A null-prototype copy of the answer's own params, or `undefined` when it does not match. */
function paramsOfResult(result: HttpPredicateResult): Record<string, string> | undefined {
  if (result !== true && (typeof result !== 'object' || result === null || result.matches !== true)) return undefined
  return Object.assign(Object.create(null) as Record<string, string>, result === true ? undefined : result.params)
}

function compileRegExp(source: RegExp): CompiledPredicate {
  // A global or sticky RegExp keeps state between calls; a private copy does not.
  const regexp = new RegExp(source.source, source.flags.replace(/[gy]/g, ''))
  const groupNames = capturingGroupNames(regexp.source)
  return {
    match(context) {
      // As msw: the RegExp never sees the query string or hash (msw-trpc's `/\/userById$/` matches `/userById?input=…`).
      const found = regexp.exec(urlWithoutQuery(context))
      return found === null ? undefined : paramsOfGroups(found, groupNames)
    },
  }
}

/**
 * As msw: each capturing group under its name, else its number among the unnamed groups ("0", "1"…),
 * URL-decoded; a group that took no part is left out. Null prototype: a group named `__proto__` stays a key.
 */
function paramsOfGroups(found: RegExpExecArray, groupNames: readonly string[]): Record<string, string> {
  const params = Object.create(null) as Record<string, string>
  for (let index = 1; index < found.length; index++) {
    const value = found[index]
    if (value !== undefined) params[groupNames[index - 1] ?? String(index - 1)] = decodeComponentSafely(value)
  }
  return params
}

/** Each capturing group's key in one pass: escapes and classes skipped, `(?:` and lookarounds capture nothing. */
function capturingGroupNames(source: string): string[] {
  const names: string[] = []
  let unnamed = 0
  for (let index = nextGroupParen(source, 0); index !== -1; index = nextGroupParen(source, index + 1)) {
    if (source[index] === ')') continue
    if (source[index + 1] !== '?') names.push(String(unnamed++))
    else if (source[index + 2] === '<' && source[index + 3] !== '=' && source[index + 3] !== '!') {
      names.push(source.slice(index + 3, source.indexOf('>', index + 3)))
    }
  }
  return names
}
