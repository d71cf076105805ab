import { dereference, validate, type OutputUnit, type Schema } from '@cfworker/json-schema'
import type { OpenApiDocument } from './document.js'
import type { SchemaCompiler, SchemaVerdict } from './compiled-schemas.js'
import { readPointer } from './json-pointer.js'

export const DOCUMENT_URI = 'https://openapi.mocklib.invalid/document.json'

/** One reason a value does not match its schema. */
interface SchemaError {
  /** JSON pointer into the value (`''`: the value itself). */
  readonly instancePointer: string
  /** The keyword that failed (`type`, `required`, `pattern`...). */
  readonly keyword: string
  /** JSON pointer into the document, to the rule that failed. */
  readonly documentPointer: string
  readonly message: string
}

/**
 * Validates values against schemas of one prepared document. The yes/no verdict comes from `compiler` when given
 * (ajv), else from @cfworker/json-schema, which interprets schemas (CSP-safe); the reasons a value fails always
 * come from the interpreter. Schemas are prepared on first use: checking one operation of GitHub's description
 * does not walk the other thousand.
 */
export class DocumentValidator {
  readonly #document: OpenApiDocument
  readonly #known: Record<string, Schema | boolean> = Object.create(null)
  readonly #lookup: Record<string, Schema | boolean>
  /** Dropped for good the first time the realm refuses code generation. */
  #compiler: SchemaCompiler | undefined
  readonly #verdicts = new Map<string, SchemaVerdict>()

  constructor(document: OpenApiDocument, compiler?: SchemaCompiler) {
    this.#document = document
    this.#compiler = compiler
    // The interpreter asks for referenced schemas by absolute URI: each is prepared the first time it is asked for.
    this.#lookup = new Proxy(this.#known, {
      get: (target, uri) => {
        if (typeof uri !== 'string') return undefined
        const found = target[uri]
        if (found !== undefined || !uri.startsWith(`${DOCUMENT_URI}#`)) return found
        return this.#prepare(uri.slice(DOCUMENT_URI.length + 1))
      },
    })
  }

  /** `pointer` without its `#`; `undefined`: no schema there. */
  #prepare(pointer: string): Schema | boolean | undefined {
    const uri = `${DOCUMENT_URI}#${pointer}`
    const existing = this.#known[uri]
    if (existing !== undefined) return existing
    const schema = readPointer(this.#document, pointer) as Schema | boolean | undefined
    if (schema === undefined) return undefined
    dereference(schema, this.#known, new URL(DOCUMENT_URI), pointer)
    return schema
  }

  /** The yes/no check of the schema at `pointer`, made once and kept. Throws when there is no schema (a caller's bug). */
  verdict(pointer: string): SchemaVerdict {
    const path = pointer.startsWith('#') ? pointer.slice(1) : pointer
    let verdict = this.#verdicts.get(path)
    if (verdict === undefined) {
      const schema = this.#prepare(path)
      if (schema === undefined) throw new Error(`[mocklib] No schema at ${pointer} in the OpenAPI document.`)
      const lookup = this.#lookup
      const interpreted: SchemaVerdict = (value) => validate(value, schema, '2020-12', lookup, true).valid
      verdict = this.#compiledVerdict(path, interpreted) ?? interpreted
      this.#verdicts.set(path, verdict)
    }
    return verdict
  }

  /**
   * `undefined` without a compiler (any more). The realm may refuse `new Function` after `contract()` probed it
   * (a CSP applied later; a probe run by Playwright's `page.evaluate`, exempt from the page's policy): then the
   * interpreter takes over for this schema and every later one, rather than the check failing the request.
   */
  #compiledVerdict(path: string, interpreted: SchemaVerdict): SchemaVerdict | undefined {
    let compiled: SchemaVerdict | undefined
    try {
      compiled = this.#compiler?.(path)
    } catch (error) {
      if (!isEvalError(error)) throw error
      this.#compiler = undefined
      return undefined
    }
    if (compiled === undefined) return undefined
    let engine = compiled
    // ajv may make functions lazily: a refusal while validating is handled alike.
    return (value) => {
      try {
        return engine(value)
      } catch (error) {
        if (!isEvalError(error)) throw error
        this.#compiler = undefined
        engine = interpreted
        return interpreted(value)
      }
    }
  }

  /** The reasons `value` does not match the schema at `pointer` (empty: it matches). */
  errors(pointer: string, value: unknown): SchemaError[] {
    if (this.verdict(pointer)(value)) return []
    return this.explain(pointer, value)
  }

  /** The reasons, written by the interpreter whatever gave the verdict: the same messages in every realm. */
  explain(pointer: string, value: unknown): SchemaError[] {
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

  /** True also when there is no schema at `pointer`. */
  accepts(pointer: string, value: unknown): boolean {
    const path = pointer.startsWith('#') ? pointer.slice(1) : pointer
    return this.#prepare(path) === undefined || this.verdict(path)(value)
  }
}

/** What a realm throws when it refuses to build code from text (`new Function` under a CSP). */
function isEvalError(error: unknown): boolean {
  return error instanceof EvalError || (error instanceof Error && error.name === 'EvalError')
}

/** The validator reports every enclosing keyword that failed (`properties`, `$ref`...) as well as the leaf; a reader wants the leaves. */
function mostSpecific(units: readonly OutputUnit[]): readonly OutputUnit[] {
  const wrappers = new Set(['properties', 'items', 'prefixItems', '$ref', 'allOf', 'additionalProperties', 'unevaluatedProperties', 'patternProperties', 'contains', 'then', 'else', 'if', 'dependentSchemas', '$recursiveRef'])
  const leaves = units.filter((unit) => !wrappers.has(unit.keyword))
  return leaves.length > 0 ? leaves : units
}

/** The validator's keyword location (`#/properties/owner/$ref/required`) passes through references: each `$ref` jumps to its target. */
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
