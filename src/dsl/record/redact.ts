/**
 * Redaction: what never lands in a recording unless asked for. Applied while
 * an entry is built, so a secret is never held in a recording either.
 */

/**
 * The text written instead of a redacted value.
 *
 * @example
 * expect(entry.request.headers).toContainEqual({ name: 'authorization', value: REDACTED })
 */
export const REDACTED = '[redacted]'

/**
 * Headers redacted by default (compared case-insensitively).
 *
 * @example
 * DEFAULT_REDACTED_HEADERS.includes('x-api-key') // true
 */
export const DEFAULT_REDACTED_HEADERS: readonly string[] = [
  'authorization',
  'proxy-authorization',
  'cookie',
  'set-cookie',
  'x-api-key',
]

/**
 * What to redact on top of the defaults. `jsonPaths` are dot-separated paths
 * into JSON request and response bodies; `*` stands for any key or array index
 * (`'password'`, `'user.token'`, `'items.*.secret'`).
 */
export interface RedactOptions {
  readonly headers?: readonly string[]
  readonly jsonPaths?: readonly string[]
}

/** Redaction compiled once per recording. */
export interface Redactor {
  header(name: string): boolean
  /** Returns the redacted JSON text, or `text` itself when nothing matched or it is not JSON. */
  jsonText(text: string): string
}

/** `false` turns redaction off entirely (the recording then holds secrets). */
export function createRedactor(options: RedactOptions | false | undefined): Redactor {
  if (options === false) return { header: () => false, jsonText: (text) => text }
  const headers = new Set([...DEFAULT_REDACTED_HEADERS, ...(options?.headers ?? [])].map((name) => name.toLowerCase()))
  const paths = (options?.jsonPaths ?? []).map((path) => path.split('.').filter((part) => part !== ''))
  return {
    header: (name) => headers.has(name.toLowerCase()),
    jsonText(text) {
      if (paths.length === 0) return text
      let value: unknown
      try {
        value = JSON.parse(text)
      } catch {
        return text
      }
      let changed = false
      for (const path of paths) changed = redactPath(value, path) || changed
      return changed ? JSON.stringify(value) : text
    },
  }
}

/** Replaces every value at `path` under `value`; true when one was replaced. */
function redactPath(value: unknown, path: readonly string[]): boolean {
  if (path.length === 0 || value === null || typeof value !== 'object') return false
  const [head, ...rest] = path as [string, ...string[]]
  const record = value as Record<string, unknown>
  const keys = head === '*' ? Object.keys(record) : Object.prototype.hasOwnProperty.call(record, head) ? [head] : []
  let changed = false
  for (const key of keys) {
    if (rest.length === 0) {
      record[key] = REDACTED
      changed = true
    } else changed = redactPath(record[key], rest) || changed
  }
  return changed
}
