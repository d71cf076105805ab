import type { OpenApiDocument } from './document.js'

/** `override`, else the document's first server (variables at their defaults); `''` without one: any origin. */
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
