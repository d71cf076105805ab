import { dereference, validate, type OutputUnit, type Schema } from '@cfworker/json-schema'
import type { OpenApiDocument } from './document.js'
import type { SchemaCompiler, SchemaVerdict } from './compiled-schemas.js'
import { readPointer } from './json-pointer.js'

/** The base URI the document's schemas are known under (internal refs resolve against it). */
export const DOCUMENT_URI = 'https://openapi.mocklib.invalid/document.json'

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
 * Validates values against schemas of one prepared document. The reasons a
 * value fails come from @cfworker/json-schema, which interprets schemas (no
 * `eval`: works under a Content-Security-Policy without 'unsafe-eval'). The
 * yes/no verdict comes from `compiler` when one is given (ajv, where the realm
 * allows code generation: see `loadSchemaCompiler`), else from the same
 * interpreter; either way it is made once per schema, and a value that passes
 * costs no more than the verdict. A schema is prepared on first use only:
 * checking one operation of GitHub's description does not walk the other thousand.
 *
 * @example
 * const validator = new DocumentValidator(document)
 * validator.errors('#/components/schemas/Pet', { id: 1 }) // [] or the reasons
 */
export class DocumentValidator {
  readonly #document: OpenApiDocument
  readonly #known: Record<string, Schema | boolean> = Object.create(null)
  readonly #lookup: Record<string, Schema | boolean>
  /** Dropped for good the first time the realm refuses it code generation (see `#compiledVerdict`). */
  #compiler: SchemaCompiler | undefined
  readonly #verdicts = new Map<string, SchemaVerdict>()

  constructor(document: OpenApiDocument, compiler?: SchemaCompiler) {
    this.#document = document
    this.#compiler = compiler
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
   * The yes/no check of the schema at `pointer`, made once and kept: what a
   * caller checking many values against one schema holds on to.
   * Throws when the pointer names no schema (a bug of the caller).
   */
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
   * The compiled verdict of the schema at `path`, or `undefined` when there
   * is no compiler (any more). `contract()` probes `new Function` once, but
   * the realm may refuse it later (a Content-Security-Policy applied after
   * the probe; Playwright's `page.evaluate`, exempt from the page's policy,
   * ran the probe): then the interpreter takes over for this schema and
   * every later one, rather than the check failing the request.
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
    // The compiler is not known to make every function up front: a refusal while validating is handled alike.
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

  /**
   * The reasons `value` does not match the schema at `pointer` (empty: it matches).
   * Throws when the pointer names no schema (a bug of the caller).
   */
  errors(pointer: string, value: unknown): SchemaError[] {
    if (this.verdict(pointer)(value)) return []
    return this.explain(pointer, value)
  }

  /**
   * The reasons `value` does not match the schema at `pointer`, written by the
   * interpreter whatever gave the verdict (so messages are the same in every
   * realm). Meant for a value the verdict refused: the work is done only then.
   */
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

  /** True when `value` matches the schema at `pointer`. */
  accepts(pointer: string, value: unknown): boolean {
    const path = pointer.startsWith('#') ? pointer.slice(1) : pointer
    return this.#prepare(path) === undefined || this.verdict(path)(value)
  }
}

/** What a realm throws when it refuses to build code from text (`new Function` under a CSP). */
function isEvalError(error: unknown): boolean {
  return error instanceof EvalError || (error instanceof Error && error.name === 'EvalError')
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
