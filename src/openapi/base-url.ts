import type { OpenApiDocument } from './document.js'

/**
 * The base URL handlers answer under: `options.baseUrl`, else the first
 * server of the document (its variables at their defaults), without a
 * trailing slash. `''` when there is neither (paths then match on any origin).
 *
 * @example
 * baseUrlOf({ openapi: '3.1.0', servers: [{ url: 'https://{env}.example.test/v1', variables: { env: { default: 'api' } } }] }) // 'https://api.example.test/v1'
 */
export function baseUrlOf(document: OpenApiDocument, override?: string): string {
  const server = document.servers?.[0]
  let url = override ?? server?.url ?? ''
  if (override === undefined && server?.variables) {
    url = url.replace(/\{([^}]+)\}/g, (whole, name: string) => server.variables?.[name]?.default ?? whole)
  }
  if (/\{[^}]*\}/.test(url)) {
    throw new Error(`[mocklib] The server URL "${url}" has a variable without a default. Give it a default in the document, or pass { baseUrl }.`)
  }
  return url.replace(/\/+$/, '')
}

/**
 * The path part of a base URL (`https://x.test/v1` → `/v1`; `/v1` → `/v1`; `''` → `''`).
 *
 * @example
 * basePathOf('https://petstore.example.test/v1') // '/v1'
 */
export function basePathOf(baseUrl: string): string {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(baseUrl)) return new URL(baseUrl).pathname.replace(/\/+$/, '')
  return baseUrl
}
