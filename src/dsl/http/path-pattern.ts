import type { RequestContext } from '../../kernel/index.js'
import { compileTokens, type ParamRecord } from './path-matcher.js'
import { tokenizePath } from './path-tokenizer.js'

/** A path predicate compiled once, on first use. */
export interface CompiledPath {
  /** Leading static path segments, lower-cased (`/api/posts`), or `''`: the index key. */
  readonly staticPrefix: string
  /** The params of a matching request (a null-prototype record), or `undefined`. */
  match(context: RequestContext): ParamRecord | undefined
}

const PATHNAME = Symbol('lower-cased pathname')
const ORIGIN_AND_PATH = Symbol('origin and path')
const ORIGIN_AND_PATH_LOWER = Symbol('lower-cased origin and path')

/**
 * Compiles a string predicate (grammar: see `path-tokenizer.ts`): `:name`
 * params, `:name?` optional params, `*` wildcards (also in the host and
 * port), absolute URLs and host-less paths. Matching is case-insensitive,
 * ignores the query and hash, accepts a trailing slash, and takes time linear
 * in the URL. Throws an error that names the pattern when it is invalid.
 *
 * @example
 * const compiled = compilePath('/posts/:id', 'http.get()')
 * compiled.staticPrefix // '/posts'
 */
export function compilePath(pattern: string, label: string, checked = false): CompiledPath {
  if (pattern === '*') return { staticPrefix: '', match: () => Object.create(null) as ParamRecord }
  const { pathOnly, tokens, staticPrefix } = tokenizePath(pattern, label, !checked)
  const matcher = compileTokens(tokens)
  const matchSubject = (lowered: string, original: string): ParamRecord | undefined => {
    const found = matcher(lowered, original)
    if (found !== undefined || !lowered.endsWith('/')) return found
    // A trailing slash on the request is optional too.
    return matcher(lowered.slice(0, -1), original.slice(0, -1))
  }
  return {
    staticPrefix,
    match(context) {
      if (pathOnly) {
        // A host-less path is on the requesting page's origin when the source knows that page.
        const pageOrigin = context.exchange.pageOrigin
        if (pageOrigin !== undefined && context.url.origin !== pageOrigin) return undefined
        return matchSubject(context.memo(PATHNAME, lowerPathname), context.url.pathname)
      }
      return matchSubject(context.memo(ORIGIN_AND_PATH_LOWER, lowerOriginAndPath), urlWithoutQuery(context))
    },
  }
}

/**
 * The checks of `compilePath` without compiling: throws the same errors and
 * warns about a query string, and answers the static prefix (the index key).
 * A plain pattern takes one cheap scan; `compilePath(pattern, label, true)`
 * later compiles without warning again (lazy compilation).
 *
 * @example
 * checkPath('/posts/:id', 'http.get()') // '/posts'
 * checkPath('/posts/:id/:id', 'http.get()') // throws: ":id" twice
 */
export function checkPath(pattern: string, label: string): string {
  const plain = plainStaticPrefix(pattern)
  if (plain !== undefined) return plain
  if (pattern === '*') return ''
  return tokenizePath(pattern, label, true).staticPrefix
}

function lowerPathname(context: RequestContext): string {
  return context.url.pathname.toLowerCase()
}

/**
 * The request's URL without its query string and hash (`https://api.test/posts/1`),
 * computed once per request: what every URL predicate is matched against.
 *
 * @example
 * urlWithoutQuery(context) // 'https://api.test/trpc/userById' for '.../trpc/userById?input=%7B%7D'
 */
export function urlWithoutQuery(context: RequestContext): string {
  return context.memo(ORIGIN_AND_PATH, originAndPath)
}

function originAndPath(context: RequestContext): string {
  const { protocol, host, pathname } = context.url
  return `${protocol}//${host}${pathname}`
}

function lowerOriginAndPath(context: RequestContext): string {
  return urlWithoutQuery(context).toLowerCase()
}

/**
 * The index key of a plain pattern in one pass without allocating tokens, so
 * that creating a handler stays cheap. "Plain" is the common shape only: a
 * path starting with `/`, or `http(s)://host[:port]` and such a path, made of
 * URL-safe characters (no `%`, `*`, `?`, `#`, `(`…) and `:name` params with
 * distinct names. For those, `encodeURI` changes nothing, so the prefix is
 * the tokenizer's (`path-tokenizer.ts`) without its normalization work.
 * Anything else answers `undefined`, and the caller runs the full tokenizer,
 * which also throws the errors: this scan never decides that a pattern is bad.
 *
 * @example
 * plainStaticPrefix('http://localhost/API/r1/:id') // '/api/r1'
 * plainStaticPrefix('/posts/*') // undefined: ask the tokenizer
 */
export function plainStaticPrefix(pattern: string): string | undefined {
  // One native test decides "plain" (cheap even while the calling code is still cold, as when
  // thousands of handlers are created at start-up); the rest only reads positions.
  if (!PLAIN.test(pattern)) return undefined
  const pathStart = pattern.charCodeAt(0) === 47 /* / */ ? 0 : pathStartOf(pattern)
  const firstParam = pattern.indexOf(':', pathStart)
  // A repeated name is an error the tokenizer words.
  if (firstParam !== -1 && pattern.indexOf(':', firstParam + 1) !== -1 && hasRepeatedName(pattern, pathStart)) return undefined
  // Whole leading segments only: with `/posts/v:id`, "v" is not a segment of its own.
  const end = firstParam === -1 ? pattern.length : pattern.lastIndexOf('/', firstParam - 1)
  if (end <= pathStart) return ''
  return pattern.slice(pathStart, pattern.charCodeAt(end - 1) === 47 ? end - 1 : end).toLowerCase()
}

/**
 * `http(s)://` and an origin of letters, digits, `.`, `-` and `:port`, or nothing; then a path
 * that starts with `/`, of characters `encodeURI` keeps and the grammar gives no meaning, no
 * empty segment (`//`), and `:name` params (no `?`, `(`, `*`, `%`, `#`, space… anywhere).
 */
const PLAIN = /^(?:https?:\/\/(?:[A-Za-z0-9.-]|:(?=[0-9]))*(?=\/|$)|(?=\/(?!\/)))(?:[A-Za-z0-9_\-.~@!$&+,;=]|\/(?!\/)|:[A-Za-z_])*$/

const PARAM = /:([A-Za-z_][A-Za-z0-9_]*)/g

function pathStartOf(pattern: string): number {
  const slash = pattern.indexOf('/', pattern.startsWith('https') ? 8 : 7)
  return slash === -1 ? pattern.length : slash
}

function hasRepeatedName(pattern: string, pathStart: number): boolean {
  const names = new Set<string>()
  for (const [, name] of pattern.slice(pathStart).matchAll(PARAM)) {
    if (names.has(name!)) return true
    names.add(name!)
  }
  return false
}
