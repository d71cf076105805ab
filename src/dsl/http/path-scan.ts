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
  const length = pattern.length
  let at: number
  if (pattern.charCodeAt(0) === 47 /* / */) {
    // `//host/path` is protocol-relative: an origin, left to the tokenizer.
    if (pattern.charCodeAt(1) === 47) return undefined
    at = 0
  } else {
    at = pattern.startsWith('http://') ? 7 : pattern.startsWith('https://') ? 8 : 0
    if (at === 0) return undefined
    for (; at < length; at++) {
      const code = pattern.charCodeAt(at)
      if (code === 47) break
      // A `:` before a digit is a port; any other `:` may be a host param.
      if (!(isAlphaNumeric(code) || code === 46 /* . */ || code === 45 /* - */ || (code === 58 && isDigit(pattern.charCodeAt(at + 1))))) return undefined
    }
  }
  const pathStart = at
  let firstParam = -1
  let firstName: string | undefined
  let otherNames: string[] | undefined
  let upperCase = false
  while (at < length) {
    const code = pattern.charCodeAt(at)
    if (code !== 58 /* : */) {
      if (!isPlainPathChar(code)) return undefined
      // Empty segments are dropped by the tokenizer; rare enough to leave to it.
      if (code === 47 && pattern.charCodeAt(at + 1) === 47) return undefined
      if (code >= 65 && code <= 90) upperCase = true
      at++
      continue
    }
    let end = at + 1
    if (!isNameStart(pattern.charCodeAt(end))) return undefined
    while (end < length && isNameChar(pattern.charCodeAt(end))) end++
    const next = pattern.charCodeAt(end)
    // `:name?` and `:name(…)` are the tokenizer's to read (or refuse).
    if (next === 63 /* ? */ || next === 40 /* ( */) return undefined
    const name = pattern.slice(at + 1, end)
    if (firstName === undefined) {
      firstName = name
      firstParam = at
    } else {
      // A repeated name is an error the tokenizer words.
      if (name === firstName || otherNames?.includes(name) === true) return undefined
      ;(otherNames ??= []).push(name)
    }
    at = end
  }
  // Whole leading segments only: with `/posts/v:id`, "v" is not a segment of its own.
  const end = firstParam === -1 ? length : pattern.lastIndexOf('/', firstParam - 1)
  if (end <= pathStart) return ''
  const prefix = pattern.slice(pathStart, pattern.charCodeAt(end - 1) === 47 ? end - 1 : end)
  return upperCase ? prefix.toLowerCase() : prefix
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57
}

function isNameStart(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95
}

function isAlphaNumeric(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || isDigit(code)
}

function isNameChar(code: number): boolean {
  return isAlphaNumeric(code) || code === 95
}

/** Characters `encodeURI` keeps as they are and the grammar gives no meaning: `- _ . ~ / @ ! $ & + , ; =` and alphanumerics. */
function isPlainPathChar(code: number): boolean {
  if (isNameChar(code)) return true
  switch (code) {
    case 45: // -
    case 46: // .
    case 126: // ~
    case 47: // /
    case 64: // @
    case 33: // !
    case 36: // $
    case 38: // &
    case 43: // +
    case 44: // ,
    case 59: // ;
    case 61: // =
      return true
    default:
      return false
  }
}
