export const REDACTED = '[redacted]'

const DEFAULT_REDACTED_HEADERS = ['authorization', 'proxy-authorization', 'cookie', 'set-cookie', 'x-api-key']

/**
 * What to redact on top of the defaults. `jsonPaths` are dot-separated paths into JSON bodies;
 * `*` is any key or index (`'user.token'`, `'items.*.secret'`).
 *
 * @example
 * server.record({ redact: { headers: ['x-session'], jsonPaths: ['items.*.secret'] } })
 */
export interface RedactOptions {
  readonly headers?: readonly string[]
  readonly jsonPaths?: readonly string[]
}

export interface Redactor {
  header(name: string): boolean
  /** `text` itself when nothing matched or it is not JSON. */
  jsonText(text: string): string
}

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

function redactPath(value: unknown, path: readonly string[]): boolean {
  if (path.length === 0 || value === null || typeof value !== 'object') return false
  const [head, ...rest] = path as [string, ...string[]]
  const record = value as Record<string, unknown>
  const keys = head === '*' ? Object.keys(record) : Object.hasOwn(record, head) ? [head] : []
  let changed = false
  for (const key of keys) {
    if (rest.length === 0) {
      record[key] = REDACTED
      changed = true
    } else changed = redactPath(record[key], rest) || changed
  }
  return changed
}
