import type { OpenApiDocument } from './document.js'
import { listOperations, type OperationEntry } from './operations.js'
import { ParameterReader } from './parameter-reader.js'
import { prepareDocument } from './prepare-document.js'
import type { OpenApiSource } from './read-source.js'

/**
 * The documents `contract()` and `fromOpenApi()` prepared, newest first: an `openapi<paths>()` handler given none
 * reads its parameters by the newest declaring its operation. A few only: a suite may build a contract per test.
 */
const knownDocuments: DocumentOperations[] = []
const KEPT_DOCUMENTS = 8

/** So that `openapi<paths>(base, { document: api })` reads no file again. */
const documentOfContract = new WeakMap<object, DocumentOperations>()

class DocumentOperations {
  #entries: Map<string, OperationEntry> | undefined
  readonly #readers = new Map<OperationEntry, ParameterReader>()

  constructor(readonly document: OpenApiDocument) {}

  reader(method: string, template: string): ParameterReader | undefined {
    // Listed on first use: contract() remembers every document, most never read by a handler.
    this.#entries ??= new Map(listOperations(this.document).map((entry) => [`${entry.method} ${entry.template}`, entry]))
    const entry = this.#entries.get(`${method} ${template}`)
    if (entry === undefined) return undefined
    let reader = this.#readers.get(entry)
    if (reader === undefined) this.#readers.set(entry, (reader = new ParameterReader(this.document, entry)))
    return reader
  }
}

export function rememberDocument(document: OpenApiDocument, contract?: object): void {
  const operations = new DocumentOperations(document)
  if (contract !== undefined) documentOfContract.set(contract, operations)
  knownDocuments.unshift(operations)
  knownDocuments.length = Math.min(knownDocuments.length, KEPT_DOCUMENTS)
}

/** Where an `openapi<paths>()` handler reads its parameters' schemas: the document it was given, else a known one. */
export class HandlerDocument {
  readonly #source: OpenApiSource | undefined
  #loading: Promise<DocumentOperations> | undefined
  #loaded: DocumentOperations | undefined

  constructor(source: OpenApiSource | undefined) {
    this.#source = source
    if (source !== undefined && typeof source === 'object') this.#loaded = documentOfContract.get(source)
  }

  /** Whether `readerFor` can answer without `load()`. */
  get ready(): boolean {
    return this.#source === undefined || this.#loaded !== undefined
  }

  load(): Promise<void> {
    if (this.#source === undefined || this.#loaded !== undefined) return Promise.resolve()
    this.#loading ??= prepareDocument(this.#source).then(({ document }) => (this.#loaded = new DocumentOperations(document)))
    return this.#loading.then(() => undefined)
  }

  readerFor(method: string, template: string): ParameterReader | undefined {
    if (this.#loaded !== undefined) return this.#loaded.reader(method, template)
    if (this.#source !== undefined) return undefined
    for (const operations of knownDocuments) {
      const reader = operations.reader(method, template)
      if (reader !== undefined) return reader
    }
    return undefined
  }
}
