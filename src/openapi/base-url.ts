import type { OpenApiDocument } from './document.js'

/**
 * The base URL handlers answer under: `override`, else the document's first server (its variables at their
 * defaults), without a trailing slash; `''` when there is neither (paths then match on any origin).
 */
export function baseUrlOf(document: OpenApiDocument, override?: string): string {
  const server = document.servers?.[0]
  const url = override ?? (server === undefined ? '' : expandVariables(server.url, server.variables))
  if (/\{[^}]*\}/.test(url)) {
    throw new Error(`[mocklib] The server URL "${url}" has a variable without a default. Give it a default in the document, or pass { baseUrl }.`)
  }
  return url.replace(/\/+$/, '')
}

export function expandVariables(url: string, variables: Record<string, { readonly default?: string }> | undefined): string {
  return url.replace(/\{([^}]+)\}/g, (whole, name: string) => variables?.[name]?.default ?? whole)
}

/** `https://x.test/v1` → `/v1`; a relative base is its own path. */
export function basePathOf(baseUrl: string): string {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(baseUrl)) return new URL(baseUrl).pathname.replace(/\/+$/, '')
  return baseUrl
}
