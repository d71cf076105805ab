import { decodeComponentSafely, message, type RequestContext } from '../../kernel/index.js'
import { checkPath, compilePath, urlWithoutQuery } from './path-pattern.js'

/** What a custom predicate function receives. */
export interface HttpPredicateInfo {
  readonly request: Request
  readonly cookies: Record<string, string>
}

/**
 * What a custom predicate function answers (as msw): a boolean, or
 * `{ matches, params }` to give the resolver params; sync or async.
 */
export type HttpPredicateResult = boolean | { readonly matches: boolean; readonly params?: Record<string, string> }

/**
 * How a REST handler selects requests: a path or URL pattern, a RegExp tested
 * against the full URL (named groups become params), or a function.
 */
export type HttpPredicate = string | RegExp | ((info: HttpPredicateInfo) => HttpPredicateResult | Promise<HttpPredicateResult>)

/** A predicate compiled once at handler creation. */
export interface CompiledPredicate {
  readonly staticPrefix: string
  match(context: RequestContext): Record<string, string> | undefined
}

/**
 * Checks a predicate without compiling it (cheap, at handler creation): throws
 * what `compilePredicate` would throw, and answers the static prefix the
 * compiled predicate will have. Compile later with `checked = true`.
 *
 * @example
 * checkPredicate('/posts/:id', 'http.get()') // '/posts'
 */
export function checkPredicate(predicate: HttpPredicate, label: string): string {
  if (typeof predicate === 'string') return checkPath(predicate, label)
  if (!(predicate instanceof RegExp) && typeof predicate !== 'function') compilePredicate(predicate, label)
  return ''
}

/** Compiles any predicate form; throws a TypeError naming `label` on bad input. */
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

/** A compiled predicate whose custom function may be async (`http.*` and `graphql.link` await it). */
export interface CompiledAsyncPredicate {
  readonly staticPrefix: string
  match(context: RequestContext): Record<string, string> | undefined | Promise<Record<string, string> | undefined>
}

/**
 * As `compilePredicate`, for handlers that await their match: a custom
 * predicate function may be async and may answer `{ matches, params }`.
 *
 * @example
 * compileHandlerPredicate(async ({ request }) => ({ matches: request.url.endsWith('/me'), params: { id: 'me' } }), 'http.get()')
 */
export function compileHandlerPredicate(predicate: HttpPredicate, label: string, checked = false): CompiledAsyncPredicate {
  if (typeof predicate !== 'function') return compilePredicate(predicate, label, checked)
  return functionPredicate(predicate, (result) => result.then(paramsOfResult))
}

function functionPredicate<Pending>(
  predicate: (info: HttpPredicateInfo) => HttpPredicateResult | Promise<HttpPredicateResult>,
  whenAsync: (result: Promise<HttpPredicateResult>) => Pending,
): { readonly staticPrefix: string; match(context: RequestContext): Record<string, string> | undefined | Pending } {
  return {
    staticPrefix: '',
    match(context) {
      const result = predicate({ request: context.request, cookies: context.cookies })
      return result instanceof Promise ? whenAsync(result) : paramsOfResult(result)
    },
  }
}

/** Params of a predicate function's answer (a null-prototype copy of own keys), or `undefined` when it does not match. */
function paramsOfResult(result: HttpPredicateResult): Record<string, string> | undefined {
  const params = Object.create(null) as Record<string, string>
  if (result === true) return params
  if (typeof result !== 'object' || result === null || result.matches !== true) return undefined
  if (result.params !== undefined && result.params !== null) {
    for (const key of Object.keys(result.params)) params[key] = result.params[key]!
  }
  return params
}

function compileRegExp(source: RegExp): CompiledPredicate {
  // A global or sticky RegExp keeps state between calls; a private copy does not.
  const regexp = new RegExp(source.source, source.flags.replace(/[gy]/g, ''))
  const groupNames = capturingGroupNames(regexp.source)
  return {
    staticPrefix: '',
    match(context) {
      // As msw: the RegExp sees origin and path, never the query string or hash,
      // so `/\/userById$/` matches `GET /userById?input=...` (msw-trpc builds such patterns).
      const found = regexp.exec(urlWithoutQuery(context))
      return found === null ? undefined : paramsOfGroups(found, groupNames)
    },
  }
}

/**
 * The params of a RegExp match as msw gives them: each capturing group in
 * order, under its name when it has one and else under its number among the
 * unnamed groups ("0", "1"…), URL-decoded; a group that took no part is left
 * out. A null-prototype object: a group named `__proto__` stays a plain key.
 */
function paramsOfGroups(found: RegExpExecArray, groupNames: readonly string[]): Record<string, string> {
  const params = Object.create(null) as Record<string, string>
  for (let index = 1; index < found.length; index++) {
    const value = found[index]
    if (value !== undefined) params[groupNames[index - 1] ?? String(index - 1)] = decodeComponentSafely(value)
  }
  return params
}

/**
 * The key of each capturing group of a RegExp source, in order: its name, or
 * its number among the unnamed ones. One pass over the source: escapes and
 * character classes are skipped, `(?:`, lookarounds and `(?<=` capture nothing.
 */
function capturingGroupNames(source: string): string[] {
  const names: string[] = []
  let unnamed = 0
  let inClass = false
  for (let index = 0; index < source.length; index++) {
    const char = source[index]
    if (char === '\\') index++
    else if (inClass) inClass = char !== ']'
    else if (char === '[') inClass = true
    else if (char === '(') {
      if (source[index + 1] !== '?') names.push(String(unnamed++))
      else if (source[index + 2] === '<' && source[index + 3] !== '=' && source[index + 3] !== '!') {
        const end = source.indexOf('>', index + 3)
        names.push(source.slice(index + 3, end))
      }
    }
  }
  return names
}
