/**
 * `URL.parse(input, base)`, also where the environment's `URL` lacks it: jsdom
 * before 22 (Jest 27-29's `jest-environment-jsdom`) puts a `URL` without
 * `parse` and `canParse` on the test's global, and mocklib's code runs there.
 *
 * @example
 * parseUrl('/b', 'https://api.test/a')?.href // 'https://api.test/b'
 * parseUrl('not a url') // null
 */
export function parseUrl(input: string, base?: string): URL | null {
  if (typeof URL.parse === 'function') return URL.parse(input, base)
  try {
    return new URL(input, base)
  } catch {
    return null
  }
}

/**
 * `URL.canParse(input)`, also where the environment's `URL` lacks it (see `parseUrl`).
 *
 * @example
 * canParseUrl('https://api.test/') // true
 */
export function canParseUrl(input: string): boolean {
  return typeof URL.canParse === 'function' ? URL.canParse(input) : parseUrl(input) !== null
}
