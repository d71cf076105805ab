import { decodeComponentSafely } from '../../kernel/index.js'
import type { ParamRecord, Variable } from './path-matcher.js'

/** How one variable may cover the subject from a position, given what may follow it. */
interface Span {
  readonly start: number
  readonly end: number
}

/**
 * The matcher of a pattern with inline patterns (`/p/:a-:b(\d+)`), linear in
 * the subject for a given pattern, without a RegExp and without backtracking.
 *
 * Where the plain matcher may end each variable at the next literal's first
 * occurrence, here an earlier, unconstrained variable may have to take more
 * (`/p/:a-:b(\d+)` on `/p/x-y-1`: `a` is `x-y`). So the rest of the pattern is
 * solved first, from the right: `reach[k][p]` says whether variables `k…`
 * (with their literals) can cover the subject from `p` to its end. Each row
 * takes one pass over the subject, with running "next/previous position where
 * the rest can start" arrays, so the whole table costs O(variables × subject
 * × literal length). Then one pass from the left picks each variable's text:
 * the shortest that lets the rest match for a plain param (the `([^/]+?)` of
 * path-to-regexp), the longest for an inline character class (`(\d+)` is
 * greedy there), the first alternative that fits for `(json|xml)`.
 *
 * @example
 * const match = compileConstrained(['/p/', '-', ''], variables) // variables of :a and :b(\d+)
 * match('/p/x-y-1', '/p/x-y-1') // { a: 'x-y', b: '1' }
 */
export function compileConstrained(literals: readonly string[], variables: readonly Variable[]): (lowered: string, original: string) => ParamRecord | undefined {
  const count = variables.length
  const first = literals[0]!
  return (lowered, original) => {
    if (!lowered.startsWith(first)) return undefined
    const n = lowered.length
    const solvers = new Array<Solver>(count)
    let next: (position: number) => boolean = (position) => position === n
    for (let k = count - 1; k >= 0; k--) {
      const solver = solve(lowered, variables[k]!, literals[k + 1]!, next)
      solvers[k] = solver
      next = (position) => solver.reach[position] === 1
    }
    if (!next(first.length)) return undefined
    const params: ParamRecord = Object.create(null)
    let position = first.length
    for (let k = 0; k < count; k++) {
      const span = solvers[k]!.span(position)!
      const variable = variables[k]!
      if (variable.name !== undefined && !(variable.optional && span.start === span.end)) {
        params[variable.name] = decodeComponentSafely(original.slice(span.start, span.end))
      }
      position = span.end + literals[k + 1]!.length
    }
    return params
  }
}

interface Solver {
  /** `reach[p]` is 1 when this variable and the rest cover the subject from `p`. */
  readonly reach: Uint8Array
  /** The text this variable takes from `p`, when `reach[p]` is 1. */
  span(position: number): Span | undefined
}

function solve(subject: string, variable: Variable, literal: string, rest: (position: number) => boolean): Solver {
  const n = subject.length
  const inline = variable.inline
  // `good[e]`: the variable may end at `e` (its literal follows there, then the rest).
  const good = new Uint8Array(n + 1)
  for (let e = 0; e + literal.length <= n; e++) {
    if (subject.startsWith(literal, e) && rest(e + literal.length)) good[e] = 1
  }
  const nextGood = new Int32Array(n + 2).fill(-1)
  for (let e = n; e >= 0; e--) nextGood[e] = good[e] === 1 ? e : nextGood[e + 1]!
  const previousGood = new Int32Array(n + 1).fill(-1)
  for (let e = 0; e <= n; e++) previousGood[e] = good[e] === 1 ? e : e > 0 ? previousGood[e - 1]! : -1
  // `runEnd[p]`: the first position from `p` whose character the variable may not hold.
  const allowed = allowedCharacter(variable)
  const runEnd = new Int32Array(n + 1)
  runEnd[n] = n
  for (let p = n - 1; p >= 0; p--) runEnd[p] = allowed(subject.charCodeAt(p)) ? runEnd[p + 1]! : p

  const classMin = inline?.kind === 'class' ? inline.min : variable.segment ? 1 : variable.min
  const classMax = inline?.kind === 'class' ? inline.max : Infinity
  const greedy = inline?.kind === 'class'

  /** A non-empty text from `start` (or an empty one where the quantifier allows it). */
  const text = (start: number, atLeast: number): Span | undefined => {
    if (inline?.kind === 'choices') {
      for (const choice of inline.choices) {
        if (subject.startsWith(choice, start) && good[start + choice.length] === 1) return { start, end: start + choice.length }
      }
      return undefined
    }
    const low = start + Math.max(classMin, atLeast)
    const high = Math.min(runEnd[start]!, start + classMax)
    if (low > high) return undefined
    const end = greedy ? previousGood[high]! : nextGood[low]!
    return end !== -1 && end >= low && end <= high ? { start, end } : undefined
  }

  const span = (position: number): Span | undefined => {
    if (variable.segment) {
      // `/:name?`: a slash and a non-empty segment first, then nothing.
      const present = subject.charCodeAt(position) === 47 /* / */ ? text(position + 1, 1) : undefined
      if (present !== undefined) return present
      return good[position] === 1 ? { start: position, end: position } : undefined
    }
    const found = text(position, 0)
    if (found !== undefined) return found
    return variable.optional && good[position] === 1 ? { start: position, end: position } : undefined
  }

  const reach = new Uint8Array(n + 1)
  for (let p = 0; p <= n; p++) if (span(p) !== undefined) reach[p] = 1
  return { reach, span }
}

function allowedCharacter(variable: Variable): (code: number) => boolean {
  const excluded = Array.from(variable.excluded, (char) => char.charCodeAt(0))
  const inline = variable.inline
  if (inline?.kind === 'class') return (code) => !excluded.includes(code) && inline.test(code)
  return (code) => !excluded.includes(code)
}
