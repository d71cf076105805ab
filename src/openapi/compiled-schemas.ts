import { format as interpretedFormats } from '@cfworker/json-schema'
import type { OpenApiDocument } from './document.js'

export type SchemaVerdict = (value: unknown) => boolean

/** Compiles the schema at a JSON pointer of one document (`undefined`: no schema there). */
export type SchemaCompiler = (pointer: string) => SchemaVerdict | undefined

/**
 * Compiles the document's schemas with ajv (JSON Schema 2020-12): much faster to run than interpreting them,
 * but made with `new Function`. ajv is loaded here only, on demand: a page under a strict CSP never downloads
 * it. The formats are the interpreter's own, so both engines give one verdict for one value. Internal `$ref`s
 * resolve against `baseUri`.
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
    // ajv's function itself (called with the value alone, it returns a boolean): no wrapper on the hot path.
    return ajv.getSchema(`${baseUri}${fragment}`) as SchemaVerdict | undefined
  }
}

const DAYS_IN_MONTH = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]

/** The number `text` writes from `from` to `to`, or -1 when a character there is no digit. */
function digitsAt(text: string, from: number, to: number): number {
  let value = 0
  for (let index = from; index < to; index++) {
    const digit = text.charCodeAt(index) - 48
    if (digit < 0 || digit > 9) return -1
    value = value * 10 + digit
  }
  return value
}

/**
 * JSON Schema's `date` format (`2020-02-29`), judged as @cfworker/json-schema judges it but without its regular
 * expression and the array that makes: `date` is the commonest format of API bodies, checked per field per exchange.
 */
export function isCalendarDate(text: string): boolean {
  if (text.length !== 10 || text.charCodeAt(4) !== 45 || text.charCodeAt(7) !== 45) return false
  const year = digitsAt(text, 0, 4)
  const month = digitsAt(text, 5, 7)
  const day = digitsAt(text, 8, 10)
  if (year < 0 || month < 1 || month > 12 || day < 1) return false
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)
  return day <= (month === 2 && leap ? 29 : DAYS_IN_MONTH[month]!)
}
