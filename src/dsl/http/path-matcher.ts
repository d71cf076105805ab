import { decodeComponentSafely } from '../../kernel/index.js'
import type { InlinePattern } from './path-inline-pattern.js'
import type { PathToken } from './path-tokenizer.js'

interface Variable {
  /** Param name or star index (`"0"`); `undefined` for an uncaptured origin `*`. */
  readonly name: string | undefined
  /** Characters the part may not contain (`/` for a path param), or `''` for none. */
  readonly excluded: string
  /** 0 for stars and optional params, 1 otherwise. */
  readonly min: number
  /** `/:name?`: nothing, or a slash and a non-empty segment. */
  readonly segment: boolean
  readonly optional: boolean
  readonly inline: InlinePattern | undefined
}

/** The text a variable takes from a position: `[start, end]`, or `undefined` when the rest cannot match after it. */
type Span = (position: number) => readonly [number, number] | undefined

/**
 * A matcher linear in the subject, with no RegExp and no backtracking. A pattern is literals L0 V1 L1 … Vn Ln;
 * each variable ends at the leftmost occurrence of the literal after it (as `([^/]+?)`), which never loses a
 * match: a later occurrence leaves a shorter rest, which the next variable could only absorb anyway. Only
 * optional segments branch, so the cost is O(2^optionals × subject length). Params have a null prototype.
 */
export function compileTokens(tokens: readonly PathToken[]): (lowered: string, original: string) => Record<string, string> | undefined {
  const literals: string[] = ['']
  const variables: Variable[] = []
  for (const token of tokens) {
    if (token.kind === 'literal') {
      literals[literals.length - 1] += token.text
      continue
    }
    if (token.kind === 'param') {
      variables.push({
        name: token.name,
        excluded: token.inHost ? '/:.' : '/',
        min: token.optional ? 0 : 1,
        segment: token.segment,
        optional: token.optional,
        inline: token.inline,
      })
    } else {
      variables.push({ name: token.name, excluded: token.inHost ? '/' : '', min: 0, segment: false, optional: false, inline: undefined })
    }
    literals.push('')
  }
  // The leftmost-literal reading is exact only when a later variable can absorb what an earlier one leaves.
  if (variables.some((variable) => variable.inline !== undefined)) return compileConstrained(literals, variables)

  const count = variables.length
  const starts = new Array<number>(count)
  const ends = new Array<number>(count)

  function place(lowered: string, index: number, pos: number): boolean {
    for (let i = index; i < count; i++) {
      const variable = variables[i]!
      const literal = literals[i + 1]!
      const last = i === count - 1
      if (variable.segment) {
        // Present first (as a greedy `(?:/x)?`), then absent.
        if (lowered.charCodeAt(pos) === 47 /* / */) {
          const end = findEnd(lowered, literal, pos + 2, '/', pos + 1, last)
          if (end !== -1) {
            starts[i] = pos + 1
            ends[i] = end
            if (last || place(lowered, i + 1, end + literal.length)) return true
          }
        }
        if (!lowered.startsWith(literal, pos) || (last && pos + literal.length !== lowered.length)) return false
        starts[i] = pos
        ends[i] = pos
        pos += literal.length
        continue
      }
      const end = findEnd(lowered, literal, pos + variable.min, variable.excluded, pos, last)
      if (end === -1) return false
      starts[i] = pos
      ends[i] = end
      pos = end + literal.length
    }
    return count > 0 || pos === lowered.length
  }

  return (lowered, original) => {
    const first = literals[0]!
    if (!lowered.startsWith(first)) return undefined
    if (count === 0 ? lowered.length !== first.length : !place(lowered, 0, first.length)) return undefined
    const params: Record<string, string> = Object.create(null)
    for (let i = 0; i < count; i++) {
      const variable = variables[i]!
      if (variable.name === undefined) continue
      const start = starts[i]!
      const end = ends[i]!
      if (variable.optional && start === end) continue
      params[variable.name] = decodeComponentSafely(original.slice(start, end))
    }
    return params
  }
}

/**
 * The leftmost `end >= from` where `literal` starts with no excluded character in `[regionStart, end)`; else -1.
 * After the `last` variable the literal must end the subject.
 */
function findEnd(subject: string, literal: string, from: number, excluded: string, regionStart: number, last: boolean): number {
  let end: number
  if (last) end = subject.endsWith(literal) ? subject.length - literal.length : -1
  else end = from > subject.length ? -1 : subject.indexOf(literal, from)
  return end >= from && noneOf(subject, excluded, regionStart, end) ? end : -1
}

function noneOf(subject: string, excluded: string, start: number, end: number): boolean {
  for (let i = 0; i < excluded.length; i++) {
    const found = subject.indexOf(excluded[i]!, start)
    if (found !== -1 && found < end) return false
  }
  return true
}

/*
 * With inline patterns an earlier variable may have to take more than up to the next literal (`/p/:a-:b(\d+)`
 * on `/p/x-y-1`: `a` is `x-y`). So the pattern is solved from the right first: for each variable and position,
 * whether it and the variables after it can cover the rest (a few passes a variable, so
 * O(variables × subject × literal length), no backtracking). Then one pass from the left picks each text: the
 * shortest for a plain param (`([^/]+?)`), the longest for a class (`(\d+)` is greedy), the first fitting
 * alternative for `(json|xml)`.
 */
function compileConstrained(literals: readonly string[], variables: readonly Variable[]): (lowered: string, original: string) => Record<string, string> | undefined {
  return (lowered, original) => {
    const spans: Span[] = []
    let rest = (position: number) => position === lowered.length
    for (let k = variables.length - 1; k >= 0; k--) {
      const span = spanOf(lowered, variables[k]!, literals[k + 1]!, rest)
      const reach = new Uint8Array(lowered.length + 1)
      for (let p = 0; p <= lowered.length; p++) if (span(p) !== undefined) reach[p] = 1
      spans[k] = span
      rest = (position) => reach[position] === 1
    }
    let position = literals[0]!.length
    if (!lowered.startsWith(literals[0]!) || !rest(position)) return undefined
    const params: Record<string, string> = Object.create(null)
    variables.forEach((variable, k) => {
      const [start, end] = spans[k]!(position)!
      if (variable.name !== undefined && !(variable.optional && start === end)) params[variable.name] = decodeComponentSafely(original.slice(start, end))
      position = end + literals[k + 1]!.length
    })
    return params
  }
}

function spanOf(subject: string, variable: Variable, literal: string, rest: (position: number) => boolean): Span {
  const n = subject.length
  const { inline, excluded } = variable
  const isClass = inline?.kind === 'class'
  // `good[e]`: the variable may end at `e` (its literal follows there, then the rest).
  const good = new Uint8Array(n + 2)
  for (let e = 0; e + literal.length <= n; e++) if (subject.startsWith(literal, e) && rest(e + literal.length)) good[e] = 1
  const next = new Int32Array(n + 2).fill(-1)
  const previous = new Int32Array(n + 1).fill(-1)
  // `runEnd[p]`: the first position from `p` whose character the variable may not hold.
  const runEnd = new Int32Array(n + 1).fill(n)
  for (let e = n; e >= 0; e--) {
    next[e] = good[e] ? e : next[e + 1]!
    if (e < n) runEnd[e] = excluded.includes(subject[e]!) || (isClass && !inline.test(subject.charCodeAt(e))) ? e : runEnd[e + 1]!
  }
  for (let e = 0; e <= n; e++) previous[e] = good[e] ? e : e > 0 ? previous[e - 1]! : -1
  const min = isClass ? inline.min : variable.segment ? 1 : variable.min
  const max = isClass ? inline.max : Infinity

  const text: Span = (start) => {
    if (inline?.kind === 'choices') {
      const choice = inline.choices.find((candidate) => subject.startsWith(candidate, start) && good[start + candidate.length])
      return choice === undefined ? undefined : [start, start + choice.length]
    }
    const low = start + min
    const high = Math.min(runEnd[start] ?? n, start + max)
    const end = low > high ? -1 : isClass ? previous[high]! : next[low]!
    return end >= low && end <= high ? [start, end] : undefined
  }

  return (position) => {
    // `/:name?`: a slash and a non-empty segment first, then nothing; `:name?`: the text, then nothing.
    const present = variable.segment ? (subject[position] === '/' ? text(position + 1) : undefined) : text(position)
    if (present !== undefined && present[1] > present[0] - (variable.segment ? 0 : 1)) return present
    return variable.optional && good[position] ? [position, position] : undefined
  }
}
