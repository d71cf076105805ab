import { message } from '../../kernel/index.js'

/**
 * path-to-regexp's inline pattern after a param (`:id(\d+)`), in the safe
 * subset mocklib accepts: a user regular expression could backtrack without
 * bound on a hostile URL, so the text in parentheses is never run as a
 * RegExp over the URL. It is read here into one of two shapes the linear
 * matcher (`compileConstrained` in `path-matcher.ts`) checks character by character:
 *
 * - one character class with an optional quantifier: `\d`, `\w`, or a
 *   bracket class `[a-z0-9_-]` / `[^.]` (anything JavaScript reads as one
 *   class), then `+`, `*`, `?`, `{n}`, `{n,}`, `{n,m}` or nothing (exactly one
 *   character);
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
  if (close < 0) throw refused(label, pattern, name, text.slice(open), close === -1 ? 'the group is not closed' : 'a group inside the group')
  const source = text.slice(open + 1, close)
  const inline = parseClass(source) ?? parseChoices(source)
  // `(.*)` is the common case of "any text": point to the wildcard.
  if (inline === undefined) throw refused(label, pattern, name, `(${source})`, /^\.[*+]$/.test(source) ? 'for any text use a "*" wildcard' : 'not one of the accepted shapes')
  return { inline, end: close + 1 }
}

/**
 * `\d`, `\w` or a bracket class, then an optional quantifier. A linear test:
 * its alternatives start with different characters, so nothing backtracks.
 */
const CLASS = /^(\\[dw]|\[(?:\\.|[^\\\]])+\])(?:([+*?])|\{(\d{1,4})(,(\d{0,4}))?\})?$/

/** Literals of `[A-Za-z0-9_~-]` separated by `|`. */
const CHOICES = /^[\w~-]+(?:\|[\w~-]+)*$/

function parseClass(source: string): InlinePattern | undefined {
  const found = CLASS.exec(source)
  if (found === null) return undefined
  const [, atom, sign, least, comma, most] = found
  let character: RegExp
  try {
    // One character against one class, anchored: a constant-time test whatever the class.
    // `i`: the subject is lower-cased, and `[A-Z]` must still match it (`[^a]` refuses "A" too).
    character = new RegExp(`^${atom!}$`, 'i')
  } catch {
    return undefined
  }
  const min = sign === '+' ? 1 : sign !== undefined ? 0 : least === undefined ? 1 : Number(least)
  const max = sign === '?' ? 1 : sign !== undefined ? Infinity : least === undefined ? 1 : comma === undefined ? min : most ? Number(most) : Infinity
  if (max < min) return undefined
  return { kind: 'class', source, test: (code) => character.test(String.fromCharCode(code)), min, max }
}

function parseChoices(source: string): InlinePattern | undefined {
  if (!CHOICES.test(source)) return undefined
  return { kind: 'choices', source, choices: source.toLowerCase().split('|') }
}

function refused(label: string, pattern: string, name: string, group: string, why: string): TypeError {
  return new TypeError(
    message(
      `${label}: the path "${pattern}" gives ":${name}" the inline pattern "${group}", which mocklib does not accept (${why}).`,
      'Accepted: one character class and a quantifier (":id(\\d+)", ":slug([a-z0-9-]+)", ":year(\\d{4})") or literals separated by "|" (":format(json|xml)"). Otherwise match ":name" and check it in the resolver, or pass a RegExp.',
    ),
  )
}
