import { dereference, validate, type OutputUnit, type Schema } from '@cfworker/json-schema'
import type { OpenApiDocument } from './document.js'
import { readPointer } from './json-pointer.js'

/** The base URI the document's schemas are known under (internal refs resolve against it). */
const DOCUMENT_URI = 'https://openapi.mocklib.invalid/document.json'

/** One reason a value does not match its schema. */
export interface SchemaError {
  /** JSON pointer into the value (`''`: the value itself). */
  readonly instancePointer: string
  /** The keyword that failed (`type`, `required`, `pattern`...). */
  readonly keyword: string
  /** JSON pointer into the document, to the rule that failed. */
  readonly documentPointer: string
  readonly message: string
}

/**
 * Validates values against schemas of one prepared document, with
 * @cfworker/json-schema (no `eval`: works under a Content-Security-Policy
 * without 'unsafe-eval'). A schema is prepared on first use only: checking one
 * operation of GitHub's description does not walk the other thousand.
 *
 * @example
 * const validator = new DocumentValidator(document)
 * validator.errors('#/components/schemas/Pet', { id: 1 }) // [] or the reasons
 */
export class DocumentValidator {
  readonly #document: OpenApiDocument
  readonly #known: Record<string, Schema | boolean> = Object.create(null)
  readonly #lookup: Record<string, Schema | boolean>

  constructor(document: OpenApiDocument) {
    this.#document = document
    const known = this.#known
    // The validator asks for referenced schemas by absolute URI: each is prepared the first time it is asked for.
    this.#lookup = new Proxy(known, {
      get: (target, uri) => {
        if (typeof uri !== 'string') return undefined
        const found = target[uri]
        if (found !== undefined || !uri.startsWith(`${DOCUMENT_URI}#`)) return found
        return this.#prepare(uri.slice(DOCUMENT_URI.length + 1))
      },
    })
  }

  /** The schema at `pointer` (`#/paths/...`), ready to validate with; `undefined` when there is none. */
  #prepare(pointer: string): Schema | boolean | undefined {
    const uri = `${DOCUMENT_URI}#${pointer}`
    const existing = this.#known[uri]
    if (existing !== undefined) return existing
    const schema = readPointer(this.#document, pointer) as Schema | boolean | undefined
    if (schema === undefined) return undefined
    dereference(schema, this.#known, new URL(DOCUMENT_URI), pointer)
    return schema
  }

  /**
   * The reasons `value` does not match the schema at `pointer` (empty: it matches).
   * Throws when the pointer names no schema (a bug of the caller).
   */
  errors(pointer: string, value: unknown): SchemaError[] {
    const path = pointer.startsWith('#') ? pointer.slice(1) : pointer
    const schema = this.#prepare(path)
    if (schema === undefined) throw new Error(`[mocklib] No schema at ${pointer} in the OpenAPI document.`)
    const result = validate(value, schema, '2020-12', this.#lookup, false)
    if (result.valid) return []
    return mostSpecific(result.errors).map((unit) => ({
      instancePointer: unit.instanceLocation.replace(/^#/, ''),
      keyword: unit.keyword,
      documentPointer: documentLocation(this.#document, path, unit.keywordLocation),
      message: unit.error,
    }))
  }

  /** True when `value` matches the schema at `pointer`. */
  accepts(pointer: string, value: unknown): boolean {
    const path = pointer.startsWith('#') ? pointer.slice(1) : pointer
    const schema = this.#prepare(path)
    return schema === undefined || validate(value, schema, '2020-12', this.#lookup, true).valid
  }
}

/**
 * The validator reports every enclosing keyword that failed (`properties`,
 * `$ref`, `allOf`...) as well as the leaf; a reader wants the leaves.
 */
function mostSpecific(units: readonly OutputUnit[]): OutputUnit[] {
  const wrappers = new Set(['properties', 'items', 'prefixItems', '$ref', 'allOf', 'additionalProperties', 'unevaluatedProperties', 'patternProperties', 'contains', 'then', 'else', 'if', 'dependentSchemas', '$recursiveRef'])
  const leaves = units.filter((unit) => !wrappers.has(unit.keyword))
  return leaves.length > 0 ? leaves : [...units]
}

/**
 * Where in the document the failed rule is: the validator's keyword location
 * (`#/properties/owner/$ref/required`) is relative to the validated schema and
 * passes through references; followed step by step, each `$ref` jumps to its target.
 */
function documentLocation(document: OpenApiDocument, schemaPointer: string, keywordLocation: string): string {
  let pointer = schemaPointer
  for (const token of keywordLocation.replace(/^#\/?/, '').split('/')) {
    if (token === '') continue
    if (token === '$ref') {
      const node = readPointer(document, pointer) as { $ref?: string } | undefined
      const ref = node?.$ref
      if (typeof ref === 'string' && ref.startsWith('#')) {
        pointer = ref.slice(1)
        continue
      }
    }
    pointer += `/${token}`
  }
  return `#${pointer}`
}
