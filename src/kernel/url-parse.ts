// jsdom before 22 (Jest 27-29's environment) puts a `URL` without `parse` and `canParse` on the global.
export function parseUrl(input: string, base?: string): URL | null {
  return typeof URL.parse === 'function' ? URL.parse(input, base) : parseWith(URL, input, base)
}

export function parseWith(Url: typeof URL, input: string | URL, base?: string | URL): URL | null {
  try {
    return new Url(input, base)
  } catch {
    return null
  }
}

export function canParseUrl(input: string): boolean {
  return typeof URL.canParse === 'function' ? URL.canParse(input) : parseUrl(input) !== null
}
