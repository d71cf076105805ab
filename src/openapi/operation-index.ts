import { expandVariables } from './base-url.js'
import type { OpenApiDocument } from './document.js'
import type { OperationEntry } from './operations.js'
import { bySpecificity, templateMatcher } from './path-template.js'

/** Path params by the document's names. */
export interface FoundOperation {
  readonly entry: OperationEntry
  readonly params: Record<string, string>
}

/** Finds a request's operation: under one of the bases, by method and template, literal segments before params. */
export class OperationIndex {
  readonly #bases: readonly { readonly origin: string | undefined; readonly path: string }[]
  readonly #byMethod = new Map<string, { entry: OperationEntry; match: (path: string) => Record<string, string> | undefined }[]>()

  constructor(document: OpenApiDocument, operations: readonly OperationEntry[], baseUrl?: string) {
    const urls = baseUrl !== undefined ? [baseUrl] : (document.servers ?? []).map((server) => expandVariables(server.url, server.variables))
    this.#bases = (urls.length > 0 ? urls : ['']).map((url) => {
      const trimmed = url.replace(/\/+$/, '')
      if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed)) return { origin: undefined, path: trimmed }
      const absolute = new URL(trimmed)
      return { origin: absolute.origin, path: absolute.pathname.replace(/\/+$/, '') }
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
