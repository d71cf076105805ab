import { format as interpretedFormats } from '@cfworker/json-schema'
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

const DAYS_IN_MONTH = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]

/** The digit at `index` of `text`, or -1. */
function digitAt(text: string, index: number): number {
  const code = text.charCodeAt(index) - 48
  return code >= 0 && code <= 9 ? code : -1
}

/**
 * JSON Schema's `date` format (RFC 3339 `full-date`: `2020-02-29`), judged
 * exactly as @cfworker/json-schema judges it (month 1–12, the day within the
 * month, leap years), without the regular-expression match and the array it
 * makes: `date` is the most common format of API bodies, checked once per
 * field per exchange.
 *
 * @example
 * isCalendarDate('2020-02-29') // true
 * isCalendarDate('2021-02-29') // false
 */
export function isCalendarDate(text: string): boolean {
  if (text.length !== 10 || text.charCodeAt(4) !== 45 || text.charCodeAt(7) !== 45) return false
  let year = 0
  for (let index = 0; index < 4; index++) {
    const digit = digitAt(text, index)
    if (digit < 0) return false
    year = year * 10 + digit
  }
  const m1 = digitAt(text, 5)
  const m2 = digitAt(text, 6)
  const d1 = digitAt(text, 8)
  const d2 = digitAt(text, 9)
  if (m1 < 0 || m2 < 0 || d1 < 0 || d2 < 0) return false
  const month = m1 * 10 + m2
  const day = d1 * 10 + d2
  if (month < 1 || month > 12 || day < 1) return false
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)
  return day <= (month === 2 && leap ? 29 : DAYS_IN_MONTH[month]!)
}
