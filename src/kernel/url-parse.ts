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
  return typeof URL.parse === 'function' ? URL.parse(input, base) : parseWith(URL, input, base)
}

/**
 * What `Url.parse(input, base)` answers, with only the constructor of `Url`:
 * for lending `parse`/`canParse` to an environment's URL class that lacks them.
 *
 * @example
 * parseWith(URL, 'not a url') // null
 */
export function parseWith(Url: typeof URL, input: string | URL, base?: string | URL): URL | null {
  try {
    return new Url(input, base)
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
