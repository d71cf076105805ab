import { decodeComponentSafely } from '../../kernel/index.js'
import { compileConstrained, type ParamRecord, type Variable } from './path-constrained-matcher.js'
import type { PathToken } from './path-tokenizer.js'

/**
 * A matcher whose cost is linear in the subject (for a given pattern): no
 * regular expression, no backtracking over positions. A pattern is literals
 * L0 V1 L1 … Vn Ln; the first literal is a prefix, the last a suffix, and each
 * variable in between ends at the leftmost occurrence of the literal after it
 * (the "lazy" reading, as `([^/]+?)` had). That choice never loses a match:
 * a later occurrence leaves a shorter rest, which the next variable could
 * only absorb anyway. Only optional segments branch (present, then absent),
 * so the cost is O(2^optionals × subject length).
 *
 * @example
 * const match = compileTokens(tokenizePath('/files/:name.:ext', 'http.get()', false).tokens)
 * match('/files/a.b.txt') // { name: 'a', ext: 'b.txt' }
 */
export function compileTokens(tokens: readonly PathToken[]): (lowered: string, original: string) => ParamRecord | undefined {
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
  // The leftmost-literal reading below is exact only when a later variable can
  // absorb whatever an earlier one leaves: an inline pattern breaks that, so
  // such patterns take the (still linear) table-driven matcher.
  if (variables.some((variable) => variable.inline !== undefined)) return compileConstrained(literals, variables)

  const count = variables.length
  const starts = new Array<number>(count)
  const ends = new Array<number>(count)

  /** Places variables `index…` from `pos`; fills `starts`/`ends`. */
  function place(lowered: string, index: number, pos: number): boolean {
    for (let i = index; i < count; i++) {
      const variable = variables[i]!
      const literal = literals[i + 1]!
      const last = i === count - 1
      if (variable.segment) {
        // Present first (as the greedy `(?:/x)?` did), then absent.
        if (lowered.charCodeAt(pos) === 47 /* / */) {
          const end = last ? lowered.length - literal.length : findEnd(lowered, literal, pos + 2, '/', pos + 1)
          if (end >= pos + 2 && noneOf(lowered, '/', pos + 1, end) && (!last || lowered.endsWith(literal))) {
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
      let end: number
      if (last) {
        end = lowered.length - literal.length
        if (end < pos + variable.min || !lowered.endsWith(literal) || !noneOf(lowered, variable.excluded, pos, end)) return false
      } else {
        end = findEnd(lowered, literal, pos + variable.min, variable.excluded, pos)
        if (end === -1) return false
      }
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
    const params: ParamRecord = Object.create(null)
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
 * The leftmost `end >= from` where `literal` starts, such that the variable's
 * text `subject[regionStart, end)` holds no excluded character; -1 if none.
 */
function findEnd(subject: string, literal: string, from: number, excluded: string, regionStart: number): number {
  if (from > subject.length) return -1
  const end = subject.indexOf(literal, from)
  if (end === -1) return -1
  return noneOf(subject, excluded, regionStart, end) ? end : -1
}

function noneOf(subject: string, excluded: string, start: number, end: number): boolean {
  if (excluded === '') return true
  for (let i = 0; i < excluded.length; i++) {
    const found = subject.indexOf(excluded[i]!, start)
    if (found !== -1 && found < end) return false
  }
  return true
}
