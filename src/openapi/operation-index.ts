import { basePathOf, expandVariables } from './base-url.js'
import type { OpenApiDocument } from './document.js'
import type { OperationEntry } from './operations.js'
import { bySpecificity, templateMatcher } from './path-template.js'

/** An operation found for a request, with its path params by the document's names. */
export interface FoundOperation {
  readonly entry: OperationEntry
  readonly params: Record<string, string>
}

/**
 * Finds the operation a request is for: its URL under one of the bases (the document's servers, or the given
 * base URL), then its method and path template, literal segments before params as `fromOpenApi` orders handlers.
 */
export class OperationIndex {
  readonly #bases: readonly { readonly origin: string | undefined; readonly path: string }[]
  readonly #byMethod = new Map<string, { entry: OperationEntry; match: (path: string) => Record<string, string> | undefined }[]>()

  constructor(document: OpenApiDocument, operations: readonly OperationEntry[], baseUrl?: string) {
    const urls = baseUrl !== undefined ? [baseUrl] : (document.servers ?? []).map((server) => expandVariables(server.url, server.variables))
    this.#bases = (urls.length > 0 ? urls : ['']).map((url) => {
      const trimmed = url.replace(/\/+$/, '')
      const absolute = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed)
      return { origin: absolute ? new URL(trimmed).origin : undefined, path: basePathOf(trimmed) }
    })
    for (const entry of [...operations].sort((a, b) => bySpecificity(a.template, b.template))) {
      const method = entry.method.toUpperCase()
      let list = this.#byMethod.get(method)
      if (list === undefined) this.#byMethod.set(method, (list = []))
      list.push({ entry, match: templateMatcher(entry.template) })
    }
  }

  find(method: string, url: URL): FoundOperation | undefined {
    const candidates = this.#byMethod.get(method.toUpperCase())
    if (candidates === undefined) return undefined
    for (const base of this.#bases) {
      if (base.origin !== undefined && base.origin !== url.origin) continue
      if (!url.pathname.startsWith(base.path)) continue
      const rest = url.pathname.slice(base.path.length) || '/'
      for (const candidate of candidates) {
        const params = candidate.match(rest)
        if (params !== undefined) return { entry: candidate.entry, params }
      }
    }
    return undefined
  }
}
