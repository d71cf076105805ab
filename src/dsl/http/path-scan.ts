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
