import { message } from '../../kernel/index.js'

/**
 * path-to-regexp's inline pattern after a param (`:id(\d+)`), in the safe
 * subset mocklib accepts: a user regular expression could backtrack without
 * bound on a hostile URL, so the text in parentheses is never run as a
 * RegExp. It is read here into one of two shapes the linear matcher
 * (`path-constrained-matcher.ts`) checks character by character:
 *
 * - one character class with an optional quantifier: `\d`, `\w`, or a
 *   bracket class `[a-z0-9_-]` / `[^.]` (ranges, `\d`, `\w` and escaped
 *   characters inside), then `+`, `*`, `?`, `{n}`, `{n,}`, `{n,m}` or nothing
 *   (exactly one character);
 * - literals separated by `|` (`json|xml`), each of letters, digits, `_`,
 *   `-` or `~`.
 *
 * Anything else (a nested group, `.`, `.*`, several atoms, a lazy quantifier,
 * anchors, lookarounds, back-references) is refused with an error naming the
 * pattern. Matching is case-insensitive like the rest of the path, and a
 * path param never spans a `/`, whatever its class.
 */
export type InlinePattern =
  | {
      readonly kind: 'class'
      readonly source: string
      /** Whether a (lower-cased subject) character code belongs to the class. */
      readonly test: (code: number) => boolean
      readonly min: number
      readonly max: number
    }
  | { readonly kind: 'choices'; readonly source: string; readonly choices: readonly string[] }

/**
 * The index of the `)` that closes the group opened at `open`, skipping
 * escapes and bracket classes; -1 when the group is not closed, -2 when it
 * holds another group.
 *
 * @example
 * inlineGroupEnd('/p/:id(\\d+)/x', 6) // 11
 */
export function inlineGroupEnd(text: string, open: number): number {
  let inClass = false
  for (let i = open + 1; i < text.length; i++) {
    const char = text[i]
    if (char === '\\') {
      i++
    } else if (inClass) {
      if (char === ']') inClass = false
    } else if (char === '[') {
      inClass = true
    } else if (char === '(') {
      return -2
    } else if (char === ')') {
      return i
    }
  }
  return -1
}

/**
 * Reads the inline pattern of `:name` whose `(` is at `open` in `text`:
 * answers the pattern and the index after its `)`, or throws a `[mocklib]`
 * TypeError naming the pattern and saying what is accepted.
 *
 * @example
 * readInlinePattern('/p/:id(\\d+)', 6, 'id', 'http.get()', '/p/:id(\\d+)').end // 12
 */
export function readInlinePattern(text: string, open: number, name: string, label: string, pattern: string): { readonly inline: InlinePattern; readonly end: number } {
  const close = inlineGroupEnd(text, open)
  if (close === -1) throw refused(label, pattern, name, text.slice(open), 'the group is not closed')
  if (close === -2) throw refused(label, pattern, name, text.slice(open), 'a group inside the group is not accepted')
  const source = text.slice(open + 1, close)
  const inline = parseClass(source) ?? parseChoices(source)
  if (inline === undefined) {
    const hint = /^\.[*+]$/.test(source) ? `"(${source})" matches any text: use a "*" wildcard instead of ":${name}(${source})"` : 'it is not one of the accepted shapes'
    throw refused(label, pattern, name, `(${source})`, hint)
  }
  return { inline, end: close + 1 }
}

const ESCAPED_CLASSES: Readonly<Record<string, (code: number) => boolean>> = {
  d: (code) => code >= 48 && code <= 57,
  w: (code) => (code >= 48 && code <= 57) || (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || code === 95,
}

function parseClass(source: string): InlinePattern | undefined {
  let test: ((code: number) => boolean) | undefined
  let rest: string
  if (source[0] === '\\' && source[1] !== undefined && ESCAPED_CLASSES[source[1]] !== undefined) {
    test = ESCAPED_CLASSES[source[1]]
    rest = source.slice(2)
  } else if (source[0] === '[') {
    const close = bracketEnd(source)
    if (close === -1) return undefined
    test = parseBracket(source.slice(1, close))
    rest = source.slice(close + 1)
  } else {
    return undefined
  }
  const quantifier = parseQuantifier(rest)
  if (test === undefined || quantifier === undefined) return undefined
  const inClass = test
  // The subject is lower-cased: a character belongs if it or its upper case does (`[A-Z]` matches "a").
  const folded = (code: number) => inClass(code) || (code >= 97 && code <= 122 && inClass(code - 32))
  return { kind: 'class', source, test: folded, ...quantifier }
}

function bracketEnd(source: string): number {
  for (let i = 1; i < source.length; i++) {
    if (source[i] === '\\') i++
    else if (source[i] === '[') return -1
    else if (source[i] === ']') return i
  }
  return -1
}

/** The members of `[…]` (without brackets): characters, ranges, `\d`, `\w`, escaped characters, a leading `^`. */
function parseBracket(body: string): ((code: number) => boolean) | undefined {
  const negated = body.startsWith('^')
  const members: Array<(code: number) => boolean> = []
  let i = negated ? 1 : 0
  if (i >= body.length) return undefined
  while (i < body.length) {
    let from: number
    if (body[i] === '\\') {
      const escaped = body[i + 1]
      if (escaped === undefined) return undefined
      const named = ESCAPED_CLASSES[escaped]
      if (named !== undefined) {
        members.push(named)
        i += 2
        continue
      }
      // Only punctuation may be escaped: `\b`, `\s`, `\1`… mean other things in a RegExp.
      if (/[A-Za-z0-9]/.test(escaped)) return undefined
      from = escaped.charCodeAt(0)
      i += 2
    } else {
      from = body.charCodeAt(i)
      i++
    }
    if (body[i] === '-' && i + 1 < body.length) {
      const toChar = body[i + 1] === '\\' ? body[i + 2] : body[i + 1]
      if (toChar === undefined || (body[i + 1] === '\\' && /[A-Za-z0-9]/.test(toChar))) return undefined
      const to = toChar.charCodeAt(0)
      if (to < from) return undefined
      const low = from
      members.push((code) => code >= low && code <= to)
      i += body[i + 1] === '\\' ? 3 : 2
      continue
    }
    const only = from
    members.push((code) => code === only)
  }
  const inAny = (code: number) => members.some((member) => member(code))
  // Case folding first, then negation: `[^a]` refuses "a" and "A" alike.
  if (negated) return (code) => !(inAny(code) || (code >= 97 && code <= 122 && inAny(code - 32)) || (code >= 65 && code <= 90 && inAny(code + 32)))
  return inAny
}

const QUANTIFIER = /^(?:([+*?])|\{(\d{1,4})(?:(,)(\d{1,4})?)?\})?$/

function parseQuantifier(text: string): { readonly min: number; readonly max: number } | undefined {
  const found = QUANTIFIER.exec(text)
  if (found === null) return undefined
  const [, sign, least, comma, most] = found
  if (sign === '+') return { min: 1, max: Infinity }
  if (sign === '*') return { min: 0, max: Infinity }
  if (sign === '?') return { min: 0, max: 1 }
  if (least === undefined) return { min: 1, max: 1 }
  const min = Number(least)
  const max = comma === undefined ? min : most === undefined ? Infinity : Number(most)
  return max < min ? undefined : { min, max }
}

function parseChoices(source: string): InlinePattern | undefined {
  const choices = source.split('|')
  if (!choices.every((choice) => /^[A-Za-z0-9_~-]+$/.test(choice))) return undefined
  return { kind: 'choices', source, choices: choices.map((choice) => choice.toLowerCase()) }
}

function refused(label: string, pattern: string, name: string, group: string, why: string): TypeError {
  return new TypeError(
    message(
      `${label}: the path "${pattern}" gives ":${name}" the inline pattern "${group}", which mocklib does not accept (${why}).`,
      'Accepted: one character class with an optional quantifier (":id(\\d+)", ":slug([a-z0-9-]+)", ":year(\\d{4})") or literals separated by "|" (":format(json|xml)"); they are checked without running a RegExp, so matching stays linear. For anything else match ":name" and check its value in the resolver, or pass a RegExp.',
    ),
  )
}
