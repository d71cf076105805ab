import type { OpenApiDocument } from './document.js'
import { listOperations, type OperationEntry } from './operations.js'
import { ParameterReader } from './parameter-reader.js'
import { prepareDocument } from './prepare-document.js'
import type { OpenApiSource } from './read-source.js'

/**
 * The documents `contract()` and `fromOpenApi()` prepared, newest first: an
 * `openapi<paths>()` handler given no document reads its parameters by the
 * newest one that declares its operation, so a test that already checks
 * exchanges with `listen({ contract })` need not name the document twice.
 * Only a few are kept (a suite may build a contract per test).
 */
const knownDocuments: DocumentOperations[] = []
const KEPT_DOCUMENTS = 8

/** The contract objects `contract()` made, with their prepared document (so `openapi<paths>(base, { document: api })` reads no file again). */
const documentOfContract = new WeakMap<object, DocumentOperations>()

/**
 * A prepared document's operations by method and template, with the
 * parameter reader of each made on first use.
 *
 * @example
 * new DocumentOperations(prepared.document).reader('get', '/pets') // ParameterReader of listPets
 */
export class DocumentOperations {
  #entries: Map<string, OperationEntry> | undefined
  readonly #readers = new Map<OperationEntry, ParameterReader>()

  constructor(readonly document: OpenApiDocument) {}

  /** The reader of the operation `method template` (`undefined`: the document does not declare it). */
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

/**
 * Called by `contract()` and `fromOpenApi()`: the document becomes the one
 * handlers without their own read parameters by; a contract's is also found
 * from the contract (`openapi<paths>(base, { document: api })`). @internal
 *
 * @example
 * rememberDocument(prepared.document, api)
 */
export function rememberDocument(document: OpenApiDocument, contract?: object): void {
  const operations = new DocumentOperations(document)
  if (contract !== undefined) documentOfContract.set(contract, operations)
  knownDocuments.unshift(operations)
  knownDocuments.length = Math.min(knownDocuments.length, KEPT_DOCUMENTS)
}

/**
 * Where an `openapi<paths>()` handler reads its parameters' schemas: the
 * document it was given (a source or a `contract()`), else the newest
 * one `contract()` or `fromOpenApi()` read that declares its operation. The given document is read once,
 * when the first request reaches a handler.
 *
 * @example
 * const documents = new HandlerDocument('./petstore.yaml')
 * const reader = await documents.readerFor('get', '/pets')
 */
export class HandlerDocument {
  readonly #source: OpenApiSource | undefined
  #loading: Promise<DocumentOperations> | undefined
  #loaded: DocumentOperations | undefined

  constructor(source: OpenApiSource | undefined) {
    this.#source = source
    if (source !== undefined && typeof source === 'object') this.#loaded = documentOfContract.get(source)
  }

  /** Whether a reader can be found without waiting (no document given, or it is read). */
  get ready(): boolean {
    return this.#source === undefined || this.#loaded !== undefined
  }

  /** Reads the given document (once); rejects with what was wrong with it. */
  load(): Promise<void> {
    if (this.#source === undefined || this.#loaded !== undefined) return Promise.resolve()
    this.#loading ??= prepareDocument(this.#source).then(({ document }) => (this.#loaded = new DocumentOperations(document)))
    return this.#loading.then(() => undefined)
  }

  /** The reader of `method template` once `ready`; `undefined` when no document known declares it. */
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
