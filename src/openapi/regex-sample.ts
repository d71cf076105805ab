import { integerBetween, pick, type Random } from './random.js'

/**
 * A string that `pattern` matches, for the patterns API descriptions use (literals, escapes, classes, groups,
 * alternatives, quantifiers, anchors); `undefined` for backreferences and lookarounds.
 */
export function sampleFromPattern(pattern: string, random: Random): string | undefined {
  try {
    const parser = new PatternParser(pattern, random)
    const text = parser.alternatives()
    return parser.done() ? text : undefined
  } catch {
    return undefined
  }
}

const PRINTABLE = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'
const CLASS_ESCAPES: Readonly<Record<string, string>> = { d: '0123456789', w: `${PRINTABLE}_`, s: ' ' }

class PatternParser {
  #at = 0
  constructor(
    readonly pattern: string,
    readonly random: Random,
  ) {}

  done(): boolean {
    return this.#at >= this.pattern.length
  }

  alternatives(): string {
    const branches: string[] = [this.sequence()]
    while (this.pattern[this.#at] === '|') {
      this.#at++
      branches.push(this.sequence())
    }
    // Every branch is parsed (to move past it); the first one is written: deterministic and usually the plainest.
    return branches[0]!
  }

  sequence(): string {
    let text = ''
    while (this.#at < this.pattern.length && this.pattern[this.#at] !== '|' && this.pattern[this.#at] !== ')') {
      text += this.quantified(this.atom())
    }
    return text
  }

  quantified(atom: () => string): string {
    const char = this.pattern[this.#at]
    const bounds = char === '{' ? /^\{(\d+)(,)?(\d*)\}/.exec(this.pattern.slice(this.#at)) : null
    let min = 1
    let max = 1
    if (char === '?') [min, max] = [0, 1]
    else if (char === '*') [min, max] = [0, 2]
    else if (char === '+') [min, max] = [1, 3]
    else if (bounds !== null) {
      const [, low, comma, high] = bounds
      min = Number(low)
      max = comma === undefined ? min : high === '' ? min + 2 : Number(high)
      this.#at += bounds[0].length - 1
    } else return atom()
    this.#at++
    if (this.pattern[this.#at] === '?' || this.pattern[this.#at] === '+') this.#at++ // lazy/possessive: same strings
    const count = integerBetween(this.random, min, Math.max(min, Math.min(max, min + 2)))
    let text = ''
    for (let index = 0; index < count; index++) text += atom()
    return text
  }

  /** A writer: quantifiers call it once per repetition. */
  atom(): () => string {
    const char = this.pattern[this.#at++]!
    if (char === '^' || char === '$') return () => ''
    if (char === '.') return () => pick(this.random, PRINTABLE)
    if (char === '(') {
      if (this.pattern[this.#at] === '?') {
        if (this.pattern[this.#at + 1] !== ':') throw new Error('lookaround or named group')
        this.#at += 2
      }
      const start = this.#at
      this.alternatives()
      if (this.pattern[this.#at] !== ')') throw new Error('unclosed group')
      const end = this.#at++
      const inner = this.pattern.slice(start, end)
      return () => new PatternParser(inner, this.random).alternatives()
    }
    if (char === '[') return this.characterClass()
    if (char === '\\') return this.escape()
    return () => char
  }

  escape(): () => string {
    const char = this.pattern[this.#at++]!
    if (char === 'd' || char === 'w') return () => pick(this.random, CLASS_ESCAPES[char]!)
    if (char === 's') return () => ' '
    if (/[1-9]/.test(char)) throw new Error('backreference')
    if (char === 'n') return () => '\n'
    if (char === 't') return () => '\t'
    return () => char
  }

  characterClass(): () => string {
    const negated = this.pattern[this.#at] === '^'
    if (negated) this.#at++
    const allowed: string[] = []
    let first = true
    while (this.#at < this.pattern.length && (this.pattern[this.#at] !== ']' || first)) {
      first = false
      const char = this.pattern[this.#at++]!
      if (char === '\\') {
        const escaped = this.pattern[this.#at++]!
        allowed.push(...(CLASS_ESCAPES[escaped] ?? escaped))
        continue
      }
      if (this.pattern[this.#at] === '-' && this.pattern[this.#at + 1] !== ']' && this.#at + 1 < this.pattern.length) {
        const end = this.pattern[this.#at + 1]!
        this.#at += 2
        for (let code = char.charCodeAt(0); code <= end.charCodeAt(0); code++) allowed.push(String.fromCharCode(code))
        continue
      }
      allowed.push(char)
    }
    if (this.pattern[this.#at] !== ']') throw new Error('unclosed class')
    this.#at++
    const set = negated ? [...PRINTABLE].filter((char) => !allowed.includes(char)) : allowed
    const choices = set.join('')
    if (choices === '') throw new Error('empty class')
    return () => pick(this.random, choices)
  }
}
