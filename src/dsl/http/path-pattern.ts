import { message, type RequestContext } from '../../kernel/index.js'
import type { ParamRecord } from './path-constrained-matcher.js'
import { compileTokens } from './path-matcher.js'
import { plainStaticPrefix } from './path-scan.js'
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
  if (pattern.trim() === '') throw emptyPath(label)
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
  if (pattern.trim() === '') throw emptyPath(label)
  if (pattern === '*') return ''
  return tokenizePath(pattern, label, true).staticPrefix
}

function emptyPath(label: string): TypeError {
  return new TypeError(message(`${label} got an empty path.`, 'Pass a path such as "/posts/:id", an absolute URL, or "*".'))
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
