import { isJsonObject, type OpenApiDocument } from './document.js'
import { readPointer } from './json-pointer.js'
import { followRef, type OperationParameter } from './operations.js'

/** Found once per parameter rather than per request. */
export interface TextReading {
  readonly types: readonly string[]
  /** The item types, for an `array` schema. */
  readonly itemTypes: readonly string[] | undefined
  /** The values an `enum` (or `const`) allows, of the value or of an array's items. */
  readonly allowed: readonly unknown[] | undefined
}

export function readingOf(document: OpenApiDocument, schemaPointer: string): TextReading {
  const schema = followRef(document, readPointer(document, schemaPointer), schemaPointer).value
  const types = typesOf(document, schema, 0)
  if (!types.includes('array')) return { types, itemTypes: undefined, allowed: allowedValues(schema) }
  const items = isJsonObject(schema) ? followRef(document, schema.items, '').value : undefined
  return { types, itemTypes: typesOf(document, items, 0), allowed: allowedValues(items) }
}

function allowedValues(schema: unknown): readonly unknown[] | undefined {
  if (!isJsonObject(schema)) return undefined
  return Array.isArray(schema.enum) ? schema.enum : 'const' in schema ? [schema.const] : undefined
}

/** A recursive schema ends. */
const COMPOSITION_DEPTH = 8

/**
 * The JSON types a schema allows, as openapi-typescript reads them: its `type`, else its `enum`'s (or
 * `const`'s) values' types, else the union of its `oneOf`/`anyOf` members' (`[]`: any value, read as text).
 */
function typesOf(document: OpenApiDocument, raw: unknown, depth: number): string[] {
  const schema = followRef(document, raw, '').value
  if (!isJsonObject(schema)) return []
  if (Array.isArray(schema.type)) return schema.type.filter((type): type is string => typeof type === 'string')
  if (typeof schema.type === 'string') return [schema.type]
  const values = allowedValues(schema)
  if (values !== undefined) return [...new Set(values.map(jsonTypeOf))]
  const members = Array.isArray(schema.oneOf) ? schema.oneOf : Array.isArray(schema.anyOf) ? schema.anyOf : undefined
  if (members === undefined || depth >= COMPOSITION_DEPTH) return []
  const memberTypes = members.map((member) => typesOf(document, member, depth + 1))
  return memberTypes.some((types) => types.length === 0) ? [] : [...new Set(memberTypes.flat())]
}

function jsonTypeOf(value: unknown): string {
  if (value === null) return 'null'
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number'
  return typeof value === 'object' ? (Array.isArray(value) ? 'array' : 'object') : typeof value
}

/** Leniently, for the contract check: `'7'` is 7 for `type: integer`; a comma-separated or repeated value is a list for an array. */
export function coerce(reading: TextReading, raw: string | string[]): unknown {
  if (reading.itemTypes !== undefined) {
    const list = Array.isArray(raw) ? raw : raw.split(',')
    return list.map((item) => scalar(item, reading.itemTypes!))
  }
  if (Array.isArray(raw)) return raw.map((item) => scalar(item, reading.types))
  return scalar(raw, reading.types)
}

function scalar(text: string, types: readonly string[]): unknown {
  if ((types.includes('integer') || types.includes('number')) && text.trim() !== '' && !Number.isNaN(Number(text))) return Number(text)
  if (types.includes('boolean') && (text === 'true' || text === 'false')) return text === 'true'
  if (types.includes('null') && text === '') return null
  return text
}

/** A list for a repeated or delimited query parameter; `undefined` when not sent. */
export function rawParameter(parameter: OperationParameter, url: URL, pathParams: Record<string, string>, headers: () => Headers, cookies: () => Record<string, string>): string | string[] | undefined {
  switch (parameter.in) {
    case 'path':
      return pathParams[parameter.name]
    case 'header':
      return headers().get(parameter.name) ?? undefined
    case 'cookie':
      return cookies()[parameter.name]
    case 'query': {
      const texts = queryTexts(parameter, url.searchParams)
      if (texts === undefined || isDelimited(parameter)) return texts
      return texts.length === 1 ? texts[0]! : texts
    }
  }
}

export function parseCookies(header: string | null): Record<string, string> {
  const cookies: Record<string, string> = Object.create(null)
  if (header === null) return cookies
  for (const part of header.split(';')) {
    const index = part.indexOf('=')
    if (index > 0) cookies[part.slice(0, index).trim()] = part.slice(index + 1).trim()
  }
  return cookies
}

const DELIMITERS: Readonly<Record<string, string>> = { form: ',', spaceDelimited: ' ', pipeDelimited: '|' }

/** `?tags=a,b` rather than `?tags=a&tags=b`: OpenAPI defaults `explode` to true for `form` (the query's default style) only. */
function isDelimited(parameter: OperationParameter): boolean {
  return !(parameter.explode ?? (parameter.style === undefined || parameter.style === 'form'))
}

/** Split at the style's delimiter when not exploded; `undefined` when the URL does not carry it. */
export function queryTexts(parameter: OperationParameter, search: URLSearchParams): string[] | undefined {
  const values = search.getAll(parameter.name)
  if (values.length === 0) return undefined
  if (!isDelimited(parameter)) return values
  const delimiter = DELIMITERS[parameter.style ?? 'form'] ?? ','
  return values.flatMap((value) => (value === '' ? [] : value.split(delimiter)))
}

type ParsedText = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly expected: string }

/** No hex, no `Infinity`, no blank. */
const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/

/**
 * Strictly, for `openapi<paths>()` resolvers: `'2'` is 2, `'true'` true, `''` null where the schema allows
 * null; no type (or `string` among them) keeps the text. Any other text is refused, with what was expected.
 */
export function parseParameterText(text: string, types: readonly string[]): ParsedText {
  if (types.length === 0) return { ok: true, value: text }
  for (const type of types) {
    switch (type) {
      case 'integer':
      case 'number': {
        if (!DECIMAL.test(text)) break
        const value = Number(text)
        if (Number.isFinite(value) && (type === 'number' || Number.isInteger(value))) return { ok: true, value }
        break
      }
      case 'boolean':
        if (text === 'true' || text === 'false') return { ok: true, value: text === 'true' }
        break
      case 'null':
        if (text === '') return { ok: true, value: null }
        break
      case 'string':
        return { ok: true, value: text }
    }
  }
  return { ok: false, expected: types.map((type) => EXPECTED_TEXT.get(type) ?? `a value of type ${type}`).join(' or ') }
}

const EXPECTED_TEXT = new Map([
  ['integer', 'an integer'],
  ['number', 'a number'],
  ['boolean', 'true or false'],
  ['null', 'empty (null)'],
])
