/** A decimal number as a URL writes one: no hex, no `Infinity`, no blank. */
const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/

/** A text that parsed, or the reason it did not. */
export type ParsedText = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly expected: string }

/**
 * One parameter text read as its schema's type says, strictly: `'2'` is the
 * integer 2, `'true'` the boolean true, `''` null where the schema allows
 * null; a schema without a type (or `string` among its types) keeps the text.
 * A text no listed type reads is refused, with what was expected, so that a
 * handler never hands its resolver a value its types do not describe.
 *
 * @example
 * parseParameterText('2', ['integer']) // { ok: true, value: 2 }
 * parseParameterText('two', ['integer']) // { ok: false, expected: 'an integer' }
 */
export function parseParameterText(text: string, types: readonly string[]): ParsedText {
  if (types.length === 0) return { ok: true, value: text }
  for (const type of types) {
    switch (type) {
      case 'integer':
      case 'number': {
        if (!DECIMAL.test(text)) break
        const value = Number(text)
        if (Number.isFinite(value) && (type === 'number' || Number.isInteger(value))) return { ok: true, value }
        break
      }
      case 'boolean':
        if (text === 'true' || text === 'false') return { ok: true, value: text === 'true' }
        break
      case 'null':
        if (text === '') return { ok: true, value: null }
        break
      case 'string':
        return { ok: true, value: text }
    }
  }
  return { ok: false, expected: types.map(describeType).join(' or ') }
}

function describeType(type: string): string {
  switch (type) {
    case 'integer':
      return 'an integer'
    case 'number':
      return 'a number'
    case 'boolean':
      return 'true or false'
    case 'null':
      return 'empty (null)'
    default:
      return `a value of type ${type}`
  }
}
