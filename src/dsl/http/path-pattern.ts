import { decodeComponentSafely, message, type RequestContext } from '../../kernel/index.js'

/** A path predicate compiled once, at handler creation. */
export interface CompiledPath {
  /** Leading static path segments, lower-cased (`/api/posts`), or `''`: the index key. */
  readonly staticPrefix: string
  /** The params of a matching request, or `undefined`. */
  match(context: RequestContext): Record<string, string> | undefined
}

const NAME_START = /[A-Za-z_]/
const NAME_CHAR = /[A-Za-z0-9_]/
const ABSOLUTE = /^(?:[a-z][a-z0-9+.-]*:|\*:)?\/\//i
const ORIGIN_AND_PATH = Symbol('origin and path')

/**
 * Compiles a string predicate: `:name` params, `:name?` optional params, `*`
 * wildcards (also in the host and port), absolute URLs and host-less paths.
 * Matching is case-insensitive, ignores the query and hash, and accepts a
 * trailing slash. Throws an error that names the pattern when it is invalid.
 */
export function compilePath(pattern: string, label: string, checked = false): CompiledPath {
  if (pattern.trim() === '') throw new TypeError(message(`${label} got an empty path.`, 'Pass a path such as "/posts/:id", an absolute URL, or "*".'))
  if (pattern === '*') return { staticPrefix: '', match: () => ({}) }

  const target = targetOf(pattern, label, !checked)
  const onPathOnly = target.startsWith('/')
  const { source, names, staticPrefix } = translate(target, pattern, label, onPathOnly)
  // The trailing slash is optional on both sides: `/posts/` also matches `/posts`.
  const body = source.endsWith('\\/') ? source.slice(0, -2) : source
  const regexp = new RegExp(`^${body}\\/?$`, 'i')

  return {
    staticPrefix,
    match(context) {
      const subject = onPathOnly ? context.url.pathname : context.memo(ORIGIN_AND_PATH, originAndPath)
      const found = regexp.exec(subject)
      if (found === null) return undefined
      const params: Record<string, string> = {}
      for (let i = 0; i < names.length; i++) {
        const value = found[i + 1]
        if (value !== undefined) params[names[i]!] = decodeComponentSafely(value)
      }
      return params
    },
  }
}

/**
 * The checks of `compilePath` without compiling: throws the same errors and
 * warns about a query string, in one cheap scan. `compilePath(pattern, label,
 * true)` later compiles without warning again (lazy compilation).
 */
export function checkPath(pattern: string, label: string): void {
  if (pattern.trim() === '') throw new TypeError(message(`${label} got an empty path.`, 'Pass a path such as "/posts/:id", an absolute URL, or "*".'))
  if (pattern === '*') return
  const target = targetOf(pattern, label, true)
  const pathStart = target.startsWith('/') ? 0 : findPathStart(target)
  const names: string[] = []
  for (let i = target.indexOf(':'); i !== -1; i = target.indexOf(':', i + 1)) {
    const inPath = i >= pathStart
    if (NAME_START.test(target[i + 1] ?? '') && (inPath || isHostParam(target, i))) {
      let end = i + 1
      while (end < target.length && NAME_CHAR.test(target[end]!)) end++
      const name = target.slice(i + 1, end)
      if (names.includes(name)) throw duplicateParam(label, pattern, name)
      names.push(name)
    } else if (inPath) {
      throw badColon(label, pattern, i)
    }
  }
}

/** The pattern without query and hash, made absolute where a page origin exists. */
function targetOf(pattern: string, label: string, warn: boolean): string {
  let target = stripQueryAndHash(pattern, label, warn)
  if (!ABSOLUTE.test(target) && !target.startsWith('*')) {
    if (!target.startsWith('/')) target = `/${target}`
    // In a DOM environment a host-less path means "on this page's origin".
    if (typeof location !== 'undefined' && typeof location.origin === 'string' && location.origin !== 'null') {
      target = location.origin + target
    }
  }
  return target
}

function duplicateParam(label: string, pattern: string, name: string): TypeError {
  return new TypeError(message(`${label}: the path "${pattern}" uses the parameter ":${name}" twice.`, 'Give each parameter its own name.'))
}

function badColon(label: string, pattern: string, index: number): TypeError {
  return new TypeError(
    message(
      `${label}: invalid path "${pattern}": ":" at position ${index} must be followed by a parameter name (a letter or "_", then letters, digits or "_").`,
      'Write a parameter as ":id", or escape a literal colon as "%3A".',
    ),
  )
}

function originAndPath(context: RequestContext): string {
  const { protocol, host, pathname } = context.url
  return `${protocol}//${host}${pathname}`
}

/** Drops `?query` and `#hash` (but not the `?` of an optional `:param?`), warning once. */
function stripQueryAndHash(pattern: string, label: string, warn: boolean): string {
  if (!pattern.includes('?') && !pattern.includes('#')) return pattern
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i]
    if (char === '#') return pattern.slice(0, i)
    if (char === '?' && !followsParamName(pattern, i)) {
      if (warn) console.warn(
        message(
          `${label}: the query string in "${pattern}" is ignored; handlers match on the path only.`,
          'Read query parameters inside the resolver: `new URL(request.url).searchParams.get("name")`.',
        ),
      )
      return pattern.slice(0, i)
    }
  }
  return pattern
}

function followsParamName(pattern: string, index: number): boolean {
  let start = index
  while (start > 0 && NAME_CHAR.test(pattern[start - 1]!)) start--
  return start < index && start > 0 && pattern[start - 1] === ':' && NAME_START.test(pattern[start]!)
}

interface Translation {
  source: string
  names: string[]
  staticPrefix: string
}

function translate(target: string, pattern: string, label: string, onPathOnly: boolean): Translation {
  const pathStart = onPathOnly ? 0 : findPathStart(target)
  const names: string[] = []
  let source = ''
  let literal = ''
  const prefixSegments: string[] = []
  let segmentIsStatic = true
  let prefixOpen = true
  const flushLiteral = (inPath: boolean) => {
    source += escapeRegExp(inPath ? normalizePathLiteral(literal) : literal)
    literal = ''
  }
  const closeSegment = (segment: string) => {
    if (prefixOpen && segmentIsStatic && segment !== '') prefixSegments.push(normalizePathLiteral(segment).toLowerCase())
    else if (!segmentIsStatic) prefixOpen = false
    segmentIsStatic = true
  }

  let segment = ''
  for (let i = 0; i < target.length; i++) {
    const char = target[i]!
    const inPath = i >= pathStart
    if (i === pathStart && !onPathOnly) flushLiteral(false)
    if (char === ':' && NAME_START.test(target[i + 1] ?? '') && (inPath || isHostParam(target, i))) {
      let end = i + 1
      while (end < target.length && NAME_CHAR.test(target[end]!)) end++
      const name = target.slice(i + 1, end)
      if (names.includes(name)) throw duplicateParam(label, pattern, name)
      names.push(name)
      const optional = target[end] === '?'
      flushLiteral(inPath)
      const group = inPath ? '([^/]+?)' : '([^/:.]+?)'
      if (optional && source.endsWith('\\/')) source = `${source.slice(0, -2)}(?:\\/${group})?`
      else source += optional ? `${group}?` : group
      if (inPath) segmentIsStatic = false
      i = optional ? end : end - 1
      continue
    }
    if (char === ':' && inPath) throw badColon(label, pattern, i)
    if (char === '*') {
      flushLiteral(inPath)
      if (inPath) {
        names.push(String(names.filter((name) => /^\d+$/.test(name)).length))
        source += '(.*)'
        segmentIsStatic = false
      } else {
        // A leading `*` stands for any origin; elsewhere in the origin it stays in one label.
        source += i === 0 ? '.*' : '[^/]*'
      }
      continue
    }
    if (inPath && char === '/') {
      flushLiteral(true)
      source += '\\/'
      if (i > pathStart) closeSegment(segment)
      segment = ''
      continue
    }
    literal += char
    if (inPath) segment += char
  }
  flushLiteral(pathStart <= target.length - 1)
  closeSegment(segment)
  // A leading `*` may swallow path segments too, so it cannot promise a prefix.
  const staticPrefix = target.startsWith('*') ? '' : prefixSegments.map((s) => `/${s}`).join('')
  return { source, names, staticPrefix }
}

/** Index of the first `/` of the path in an absolute pattern (after `scheme://host`). */
function findPathStart(target: string): number {
  const afterScheme = target.indexOf('//')
  const slash = target.indexOf('/', afterScheme === -1 ? 0 : afterScheme + 2)
  return slash === -1 ? target.length : slash
}

/** In the origin, `:name` is a param only where it can't be a scheme or port separator. */
function isHostParam(target: string, index: number): boolean {
  return target[index - 1] === '/' || target[index - 1] === '.'
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
}

/** Percent-encodes a literal path piece the way `new URL()` encodes request paths. */
function normalizePathLiteral(text: string): string {
  try {
    return encodeURI(decodeURI(text))
  } catch {
    return encodeURI(text)
  }
}
