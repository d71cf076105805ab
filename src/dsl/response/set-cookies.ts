import { setCookieValues } from '../../kernel/index.js'

// Set-Cookie bookkeeping is HTTP response semantics: it lives with the responses (the DSL), not in the protocol-neutral kernel.
const remembered = new WeakMap<Response, readonly string[]>()

/**
 * Records the `Set-Cookie` values of a response's init. Browsers drop
 * `Set-Cookie` from the headers of a Response built in script, so a runtime
 * that must honour them (the browser one writes them to `document.cookie`)
 * reads them back with `setCookiesOf`. Cheap no-op without such headers.
 */
export function rememberSetCookies(response: Response, init: ResponseInit | undefined): void {
  const headers = init?.headers
  if (headers === undefined) return
  const values: string[] = []
  if (headers instanceof Headers) values.push(...setCookieValues(headers))
  else if (Array.isArray(headers)) {
    for (const [name, value] of headers) if (name !== undefined && value !== undefined && name.toLowerCase() === 'set-cookie') values.push(value)
  } else {
    // A plain record: look at names of the right length only (helpers pass one on every response).
    for (const name in headers) if (name.length === 10 && name.toLowerCase() === 'set-cookie' && Object.hasOwn(headers, name)) values.push(headers[name]!)
  }
  if (values.length > 0) remembered.set(response, values)
}

/** The `Set-Cookie` values of a response: its headers, or what was remembered for it. */
export function setCookiesOf(response: Response): readonly string[] {
  const fromHeaders = setCookieValues(response.headers)
  return fromHeaders.length > 0 ? fromHeaders : (remembered.get(response) ?? [])
}

/**
 * True when the response sets cookies: in its headers, or remembered from its
 * init where the environment's Headers dropped them (happy-dom's, as a browser's).
 *
 * @example
 * hasSetCookies(HttpResponse.text('ok', { headers: { 'Set-Cookie': 'a=1' } })) // true
 */
export function hasSetCookies(response: Response): boolean {
  return response.headers.has('set-cookie') || remembered.has(response)
}
