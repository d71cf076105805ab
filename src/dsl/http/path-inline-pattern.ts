import { message } from '../../kernel/index.js'

/**
 * path-to-regexp's inline pattern after a param (`:id(\d+)`), in a safe subset: a user RegExp run over a
 * hostile URL could backtrack without bound, so the group is read into one of two shapes the linear matcher
 * checks character by character:
 *
 * - one character class (`\d`, `\w`, `[a-z0-9_-]`, `[^.]`) then `+`, `*`, `?`, `{n}`, `{n,}`, `{n,m}` or
 *   nothing (exactly one character);
 * - literals of `[A-Za-z0-9_~-]` separated by `|` (`json|xml`).
 *
 * Anything else is refused with an error naming the pattern. Matching is case-insensitive, and a path param
 * never spans a `/`, whatever its class.
 */
export type InlinePattern =
  | { readonly kind: 'class'; readonly test: (code: number) => boolean; readonly min: number; readonly max: number }
  | { readonly kind: 'choices'; readonly choices: readonly string[] }

/** The index of the next `(` or `)` of a RegExp source from `from`, escapes and classes skipped; -1 when none. */
export function nextGroupParen(source: string, from: number): number {
  let inClass = false
  for (let i = from; i < source.length; i++) {
    const char = source[i]
    if (char === '\\') i++
    else if (inClass) inClass = char !== ']'
    else if (char === '[') inClass = true
    else if (char === '(' || char === ')') return i
  }
  return -1
}

/** The index of the `)` closing the group opened at `open`; -1 when it is not closed, -2 when it holds a group. */
export function inlineGroupEnd(text: string, open: number): number {
  const paren = nextGroupParen(text, open + 1)
  return paren === -1 || text[paren] === ')' ? paren : -2
}

/** The inline pattern of `:name` whose `(` is at `open`, and the index after its `)`; throws when refused. */
export function readInlinePattern(text: string, open: number, name: string, label: string, pattern: string): { readonly inline: InlinePattern; readonly end: number } {
  const close = inlineGroupEnd(text, open)
  if (close < 0) throw refused(label, pattern, name, text.slice(open), close === -1 ? 'the group is not closed' : 'a group inside the group')
  const source = text.slice(open + 1, close)
  const inline = parseClass(source) ?? parseChoices(source)
  // `(.*)` is the common case of "any text": point to the wildcard.
  if (inline === undefined) throw refused(label, pattern, name, `(${source})`, /^\.[*+]$/.test(source) ? 'for any text use a "*" wildcard' : 'not one of the accepted shapes')
  return { inline, end: close + 1 }
}

/** Linear: its alternatives start with different characters, so nothing backtracks. */
const CLASS = /^(\\[dw]|\[(?:\\.|[^\\\]])+\])(?:([+*?])|\{(\d{1,4})(,(\d{0,4}))?\})?$/

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
  return { kind: 'class', test: (code) => character.test(String.fromCharCode(code)), min, max }
}

function parseChoices(source: string): InlinePattern | undefined {
  if (!CHOICES.test(source)) return undefined
  return { kind: 'choices', choices: source.toLowerCase().split('|') }
}

function refused(label: string, pattern: string, name: string, group: string, why: string): TypeError {
  return new TypeError(
    message(
      `${label}: the path "${pattern}" gives ":${name}" the inline pattern "${group}", which mocklib does not accept (${why}).`,
      'Accepted: one character class and a quantifier (":id(\\d+)", ":slug([a-z0-9-]+)", ":year(\\d{4})") or literals separated by "|" (":format(json|xml)"). Otherwise match ":name" and check it in the resolver, or pass a RegExp.',
    ),
  )
}
