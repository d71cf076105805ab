import { parseWith } from '../../url-parse.js'

/**
 * The interceptor calls `URL.canParse` on every XHR response it makes. jsdom
 * before 22.1 (Vitest 1's jsdom environment, which puts jsdom's `URL` on the
 * global) has no `canParse` nor `parse`, and the XHR then fails. Lending the
 * environment's `URL` the two statics while the XHR source listens avoids it;
 * a `URL` that has them (Node's, newer jsdom's, happy-dom's) is left as it is.
 * The CommonJS build needs none of this (its `URL` is injected).
 *
 * @example
 * const restore = lendUrlParsers()
 * restore()
 */
export function lendUrlParsers(): () => void {
  const Url = globalThis.URL as typeof URL | undefined
  if (Url === undefined) return () => {}
  const parse = (input: string, base?: string): URL | null => parseWith(Url, input, base)
  const lent: Array<[string, unknown]> = []
  if (typeof Url.parse !== 'function') lent.push(['parse', parse])
  if (typeof Url.canParse !== 'function') lent.push(['canParse', (input: string, base?: string) => parse(input, base) !== null])
  for (const [name, value] of lent) Object.defineProperty(Url, name, { value, configurable: true, writable: true })
  return () => {
    for (const [name, value] of lent) if ((Url as unknown as Record<string, unknown>)[name] === value) delete (Url as unknown as Record<string, unknown>)[name]
  }
}
