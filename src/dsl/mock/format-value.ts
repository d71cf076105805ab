const MAX_LENGTH = 80

/** A value in a message: strings quoted, RegExps as written, functions as `<function name>`, objects as JSON. */
export function formatValue(value: unknown): string {
  if (value instanceof RegExp) return String(value)
  if (typeof value === 'function') return value.name ? `<function ${value.name}>` : '<function>'
  if (value === undefined) return 'undefined'
  let text: string
  try {
    text = JSON.stringify(value, (_key, inner: unknown) => (inner instanceof RegExp ? String(inner) : typeof inner === 'function' ? formatValue(inner) : inner)) ?? String(value)
  } catch {
    text = String(value)
  }
  return text.length > MAX_LENGTH ? `${text.slice(0, MAX_LENGTH - 1)}…` : text
}
