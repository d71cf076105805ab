import { message } from '../../kernel/index.js'
import { inlineGroupEnd, readInlinePattern, type InlinePattern } from './path-inline-pattern.js'

/**
 * The one grammar of path patterns, for the creation checks, the matcher and the index prefix (mirrored at
 * type level by `PathParams`):
 *
 * - `:name` is a param, a name is `[A-Za-z_][A-Za-z0-9_]*` (`/pkg/:name@:version` has `name`, `version`).
 * - `:name?` is optional; right after a `/` the whole segment is optional.
 * - `*` in the path matches anything, `/` included, captured as `"0"`, `"1"`…; in the origin it stays within
 *   the host and is not captured.
 * - `#hash` is dropped silently, `?query` with a warning.
 * - `:name(…)` is an inline pattern in the safe subset of `path-inline-pattern.ts`; `:name(…)?` is optional.
 */
export type PathToken =
  | { readonly kind: 'literal'; readonly text: string }
  | {
      readonly kind: 'param'
      readonly name: string
      readonly optional: boolean
      readonly inHost: boolean
      readonly segment: boolean
      readonly inline: InlinePattern | undefined
    }
  | { readonly kind: 'star'; readonly name: string | undefined; readonly inHost: boolean }

const ABSOLUTE = /^(?:[a-z][a-z0-9+.-]*:|\*:)?\/\//i

function isNameStart(char: string | undefined): boolean {
  return char !== undefined && /[A-Za-z_]/.test(char)
}

function isNameChar(char: string | undefined): boolean {
  return char !== undefined && /\w/.test(char)
}

/**
 * Tokenizes a pattern (not `'*'` alone), throwing a TypeError naming it when invalid. `pathOnly`: matched
 * against the pathname; `staticPrefix`: the lower-cased leading static segments (`/api/posts`), or `''`.
 */
export function tokenizePath(pattern: string, label: string, warn: boolean): { readonly pathOnly: boolean; readonly tokens: readonly PathToken[]; readonly staticPrefix: string } {
  if (pattern.trim() === '') throw new TypeError(message(`${label} got an empty path.`, 'Pass a path such as "/posts/:id", an absolute URL, or "*".'))
  const target = targetOf(pattern, label, warn)
  const pathOnly = target.startsWith('/')
  const pathStart = pathOnly ? 0 : findPathStart(target)
  const tokens: PathToken[] = []
  const names = new Set<string>()
  let stars = 0
  let firstPathToken = pathStart >= target.length ? target.length : 0
  let literal = ''
  let literalStart = 0
  const flush = (end: number) => {
    if (literal !== '') tokens.push({ kind: 'literal', text: normalizeLiteral(literal, literalStart >= pathStart, label, pattern) })
    literal = ''
    literalStart = end
  }

  for (let i = 0; i < target.length; i++) {
    const char = target[i]!
    const inPath = i >= pathStart
    // The origin and the path are normalized differently.
    if (i === pathStart) {
      flush(i)
      firstPathToken = tokens.length
    }
    // In the origin, `:name` is a param only where it can't be a scheme or port separator.
    if (char === ':' && isNameStart(target[i + 1]) && (inPath || target[i - 1] === '/' || target[i - 1] === '.')) {
      let end = i + 1
      while (end < target.length && isNameChar(target[end])) end++
      const name = target.slice(i + 1, end)
      if (names.has(name)) throw new TypeError(message(`${label}: the path "${pattern}" uses the parameter ":${name}" twice.`, 'Give each parameter its own name.'))
      let inline: InlinePattern | undefined
      if (target[end] === '(') {
        const read = readInlinePattern(target, end, name, label, pattern)
        inline = read.inline
        end = read.end
      }
      names.add(name)
      const optional = target[end] === '?'
      // `/:id?` makes the whole segment optional: the slash goes with the param.
      const segment = optional && inPath && literal.endsWith('/') && (end + 1 >= target.length || target[end + 1] === '/')
      if (segment) literal = literal.slice(0, -1)
      flush(i)
      tokens.push({ kind: 'param', name, optional, inHost: !inPath, segment, inline })
      i = optional ? end : end - 1
      literalStart = i + 1
      continue
    }
    if (char === ':' && inPath) throw badColon(label, pattern, i)
    if (char === '*') {
      flush(i)
      literalStart = i + 1
      // A path `*` is captured as "0", "1"…; an origin `*` is not captured.
      tokens.push({ kind: 'star', name: inPath ? String(stars++) : undefined, inHost: !inPath && i !== 0 })
      continue
    }
    literal += char
  }
  flush(target.length)
  dropTrailingSlash(tokens)
  return { pathOnly, tokens, staticPrefix: target.startsWith('*') ? '' : staticPrefixOf(tokens, firstPathToken) }
}

/** `/posts/` matches like `/posts`: the matcher accepts a trailing slash anyway. */
function dropTrailingSlash(tokens: PathToken[]): void {
  const last = tokens[tokens.length - 1]
  if (last?.kind === 'literal' && last.text.endsWith('/')) {
    const text = last.text.slice(0, -1)
    if (text === '') tokens.pop()
    else tokens[tokens.length - 1] = { kind: 'literal', text }
  }
}

function staticPrefixOf(tokens: readonly PathToken[], firstPathToken: number): string {
  const first = tokens[firstPathToken]
  if (first === undefined || first.kind !== 'literal') return ''
  const segments = first.text.split('/')
  // Only whole segments count: with `/posts/v:id`, "v" is not a segment of its own.
  if (tokens.length > firstPathToken + 1) segments.pop()
  return segments
    .filter((segment) => segment !== '')
    .map((segment) => `/${segment}`)
    .join('')
}

function targetOf(pattern: string, label: string, warn: boolean): string {
  let target = stripQueryAndHash(pattern, label, warn)
  if (!ABSOLUTE.test(target) && !target.startsWith('*')) {
    if (!target.startsWith('/')) target = `/${target}`
    if (typeof location !== 'undefined' && typeof location.origin === 'string' && location.origin !== 'null') {
      target = location.origin + target
    }
  }
  return target
}

/** Drops `#hash`, and `?query` (but not the `?` of an optional `:param?`) with a warning. */
function stripQueryAndHash(pattern: string, label: string, warn: boolean): string {
  if (!pattern.includes('?') && !pattern.includes('#')) return pattern
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i]
    // A param's inline pattern (`:id(\d?)`) and the `?` after it are not a query.
    if (char === '(' && followsParamName(pattern, i)) {
      const close = inlineGroupEnd(pattern, i)
      // Unclosed or nested: the tokenizer words the error.
      if (close < 0) return pattern
      i = pattern[close + 1] === '?' ? close + 1 : close
      continue
    }
    if (char === '#') return pattern.slice(0, i)
    if (char === '?' && !followsParamName(pattern, i)) {
      if (warn) {
        console.warn(
          message(
            `${label}: the query string in "${pattern}" is ignored; handlers match on the path only.`,
            'Read query parameters inside the resolver: `new URL(request.url).searchParams.get("name")`.',
          ),
        )
      }
      return pattern.slice(0, i)
    }
  }
  return pattern
}

function followsParamName(pattern: string, index: number): boolean {
  let start = index
  while (start > 0 && isNameChar(pattern[start - 1])) start--
  return start < index && start > 0 && pattern[start - 1] === ':' && isNameStart(pattern[start])
}

/** Index of the first `/` of the path in an absolute pattern (after `scheme://host`). */
export function findPathStart(target: string): number {
  const afterScheme = target.indexOf('//')
  const slash = target.indexOf('/', afterScheme === -1 ? 0 : afterScheme + 2)
  return slash === -1 ? target.length : slash
}

/** Lower-cased and, in the path, percent-encoded as `new URL()` encodes request paths. */
function normalizeLiteral(text: string, inPath: boolean, label: string, pattern: string): string {
  if (!inPath) return text.toLowerCase()
  let encoded: string
  try {
    encoded = encodeURI(safeDecode(text))
  } catch {
    throw new TypeError(
      message(
        `${label}: the path "${pattern}" contains a lone surrogate (half of a UTF-16 pair), which no URL can carry.`,
        'Fix the string (for example, build it from whole characters) or percent-encode the intended bytes.',
      ),
    )
  }
  return encoded.toLowerCase()
}

function safeDecode(text: string): string {
  if (!text.includes('%')) return text
  try {
    return decodeURI(text)
  } catch {
    return text
  }
}

function badColon(label: string, pattern: string, index: number): TypeError {
  return new TypeError(
    message(
      `${label}: invalid path "${pattern}": ":" at position ${index} must be followed by a parameter name (a letter or "_", then letters, digits or "_").`,
      'Write a parameter as ":id", or escape a literal colon as "%3A".',
    ),
  )
}
