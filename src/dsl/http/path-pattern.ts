import type { RequestContext } from '../../kernel/index.js'
import { compileTokens } from './path-matcher.js'
import { findPathStart, tokenizePath } from './path-tokenizer.js'

const PATHNAME = Symbol('lower-cased pathname')
const ORIGIN_AND_PATH = Symbol('origin and path')
const ORIGIN_AND_PATH_LOWER = Symbol('lower-cased origin and path')

/**
 * Compiles a string predicate (grammar: `path-tokenizer.ts`). Matching is case-insensitive, ignores the query
 * and hash, accepts a trailing slash, and takes time linear in the URL.
 */
export function compilePath(pattern: string, label: string, checked = false): { match(context: RequestContext): Record<string, string> | undefined } {
  if (pattern === '*') return { match: () => Object.create(null) as Record<string, string> }
  const { pathOnly, tokens } = tokenizePath(pattern, label, !checked)
  const matcher = compileTokens(tokens)
  const matchSubject = (lowered: string, original: string) => {
    const found = matcher(lowered, original)
    if (found !== undefined || !lowered.endsWith('/')) return found
    return matcher(lowered.slice(0, -1), original.slice(0, -1))
  }
  return {
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

/** `compilePath`'s errors and warning without compiling, and the index key's static prefix. */
export function checkPath(pattern: string, label: string): string {
  return plainStaticPrefix(pattern) ?? (pattern === '*' ? '' : tokenizePath(pattern, label, true).staticPrefix)
}

function lowerPathname(context: RequestContext): string {
  return context.url.pathname.toLowerCase()
}

/** `https://api.test/posts/1`, once per request: what every URL predicate is matched against. */
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
 * The tokenizer's static prefix of a plain pattern (the common shape, which `encodeURI` leaves as it is),
 * without allocating tokens, so that creating thousands of handlers stays cheap. `undefined` for anything
 * else: the caller then runs the tokenizer, which words the errors.
 */
export function plainStaticPrefix(pattern: string): string | undefined {
  // One native test: cheap even while the calling code is still cold.
  if (!PLAIN.test(pattern)) return undefined
  // 0 for a path: PLAIN refuses `//` in it.
  const pathStart = findPathStart(pattern)
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

function hasRepeatedName(pattern: string, pathStart: number): boolean {
  const names = Array.from(pattern.slice(pathStart).matchAll(PARAM), ([, name]) => name)
  return new Set(names).size !== names.length
}
