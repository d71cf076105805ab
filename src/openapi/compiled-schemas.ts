import { format as interpretedFormats } from '@cfworker/json-schema'
import { isCalendarDate } from './calendar-date.js'
import type { OpenApiDocument } from './document.js'

/** A yes/no check of one schema, compiled to code. */
export type SchemaVerdict = (value: unknown) => boolean

/** Compiles the schema at a JSON pointer of one document (`undefined`: no schema there). */
export type SchemaCompiler = (pointer: string) => SchemaVerdict | undefined

/**
 * A compiler of the document's schemas to JavaScript (ajv, JSON Schema
 * 2020-12): much faster to run than interpreting them, but made with
 * `new Function`, so only for realms that allow it (see
 * `codeGenerationAllowed`). ajv is loaded here and only here, on demand: a
 * page under a strict Content-Security-Policy never downloads it.
 *
 * The formats are the interpreter's own functions (and unknown formats pass,
 * as there), so both engines give one verdict for one value; `date`, the
 * commonest, by an equivalent that makes no garbage.
 *
 * @param baseUri The URI the document is known under; its internal `$ref`s
 *   (`#/components/...`) resolve against it.
 *
 * @example
 * const compile = await loadSchemaCompiler(document, 'https://openapi.mocklib.invalid/document.json')
 * compile('/components/schemas/Pet')?.({ id: 1, name: 'Rex' }) // true
 */
export async function loadSchemaCompiler(document: OpenApiDocument, baseUri: string): Promise<SchemaCompiler> {
  const loaded = (await import('ajv/dist/2020.js')) as unknown as { default: typeof import('ajv/dist/2020.js').default }
  const Ajv2020 = (loaded.default as unknown as { default?: typeof loaded.default }).default ?? loaded.default
  const ajv = new Ajv2020({
    // The document is no schema (only parts of it are), and holds OpenAPI's own keywords (`x-*`, hidden annotations).
    strict: false,
    validateSchema: false,
    allErrors: false,
    logger: false,
    formats: { ...interpretedFormats, date: isCalendarDate },
  })
  ajv.addSchema(document as object, baseUri)
  return (pointer) => {
    const fragment = pointer.startsWith('#') ? pointer : `#${pointer}`
    const compiled = ajv.getSchema(`${baseUri}${fragment}`)
    // ajv's function itself (called with the value alone, it returns a boolean): no wrapper on the hot path.
    return compiled as SchemaVerdict | undefined
  }
}
