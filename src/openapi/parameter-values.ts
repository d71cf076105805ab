import { isJsonObject, type OpenApiDocument } from './document.js'
import { readPointer } from './json-pointer.js'
import { followRef, type OperationParameter } from './operations.js'

/**
 * How text from a URL or a header becomes the value its schema reads: the
 * types of the schema (and of its items, for an array), found once per
 * parameter rather than per request.
 */
export interface TextReading {
  readonly types: readonly string[]
  /** The item types, for an `array` schema. */
  readonly itemTypes: readonly string[] | undefined
  /** The values an `enum` (or `const`) allows, of the value or (for an array) of its items: a TypeScript union, so a value outside it is no value of the handler's type. */
  readonly allowed?: readonly unknown[] | undefined
}

/**
 * The reading of the schema at `schemaPointer` (its `$ref`s followed).
 *
 * @example
 * readingOf(document, '#/paths/~1pets/get/parameters/0/schema') // { types: ['integer'], itemTypes: undefined }
 */
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

/** Compositions are read this deep at most (a recursive schema ends). */
const COMPOSITION_DEPTH = 8

/**
 * The JSON types a schema allows, as openapi-typescript reads them: its
 * `type`, else its `enum`'s (or `const`'s) values' types, else the union of
 * its `oneOf`/`anyOf` members' (`[]`: any value, read as text).
 */
function typesOf(document: OpenApiDocument, raw: unknown, depth: number): string[] {
  const schema = followRef(document, raw, '').value
  if (!isJsonObject(schema)) return []
  if (Array.isArray(schema.type)) return schema.type.filter((type): type is string => typeof type === 'string')
  if (typeof schema.type === 'string') return [schema.type]
  const values = Array.isArray(schema.enum) ? schema.enum : 'const' in schema ? [schema.const] : undefined
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

/**
 * Text from the URL or a header, as the schema's type reads it (`'7'` is the
 * integer 7 for `type: integer`; a comma-separated or repeated value is a list
 * for `type: array`).
 *
 * @example
 * coerce({ types: ['integer'], itemTypes: undefined }, '7') // 7
 */
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

/**
 * The parameter's value as sent (a list for a repeated query parameter, or
 * one its style delimits: `a,b`, `a|b`, `a b`), or `undefined` when it was not sent.
 *
 * @example
 * rawParameter(limit, new URL('https://x.test/pets?limit=20'), {}, () => headers, () => ({})) // '20'
 */
export function rawParameter(parameter: OperationParameter, url: URL, pathParams: Record<string, string>, headers: () => Headers, cookies: () => Record<string, string>): string | string[] | undefined {
  switch (parameter.in) {
    case 'path':
      return pathParams[parameter.name]
    case 'header':
      return headers().get(parameter.name) ?? undefined
    case 'cookie':
      return cookies()[parameter.name]
    case 'query': {
      // The style's delimiter (`,` `|` or a space) where the values are not exploded: as openapi<paths>() handlers read them.
      const texts = queryTexts(parameter, url.searchParams)
      if (texts === undefined) return undefined
      if (isDelimited(parameter)) return texts
      return texts.length === 1 ? texts[0]! : texts
    }
  }
}

/**
 * The cookies of a `Cookie` header, by name.
 *
 * @example
 * parseCookies('a=1; b=2') // { a: '1', b: '2' }
 */
export function parseCookies(header: string | null): Record<string, string> {
  const cookies: Record<string, string> = Object.create(null)
  if (header === null) return cookies
  for (const part of header.split(';')) {
    const index = part.indexOf('=')
    if (index > 0) cookies[part.slice(0, index).trim()] = part.slice(index + 1).trim()
  }
  return cookies
}

/** The character a non-exploded query array is written with, by `style`. */
const DELIMITERS: Readonly<Record<string, string>> = { form: ',', spaceDelimited: ' ', pipeDelimited: '|' }

/**
 * Whether a query parameter's values arrive as one delimited text
 * (`?tags=a,b`, `?tags=a|b`) rather than repeated (`?tags=a&tags=b`). OpenAPI
 * defaults `explode` to true for `form` (the query's default style) and to
 * false for every other style.
 *
 * @example
 * isDelimited({ style: 'pipeDelimited', explode: undefined }) // true
 */
export function isDelimited(parameter: Pick<OperationParameter, 'style' | 'explode'>): boolean {
  const exploded = parameter.explode ?? (parameter.style === undefined || parameter.style === 'form')
  return !exploded
}

/**
 * The texts of a query parameter as its style writes them: each occurrence
 * when exploded, else the occurrences split at the style's delimiter (`,`
 * for form, a space for spaceDelimited, `|` for pipeDelimited). `undefined`
 * when the URL does not carry the parameter.
 *
 * @example
 * queryTexts({ name: 'tags', style: 'pipeDelimited', explode: false }, new URLSearchParams('tags=a|b')) // ['a', 'b']
 */
export function queryTexts(parameter: Pick<OperationParameter, 'name' | 'style' | 'explode'>, search: URLSearchParams): string[] | undefined {
  const values = search.getAll(parameter.name)
  if (values.length === 0) return undefined
  if (!isDelimited(parameter)) return values
  const delimiter = DELIMITERS[parameter.style ?? 'form'] ?? ','
  return values.flatMap((value) => (value === '' ? [] : value.split(delimiter)))
}

/** A decimal number as a URL writes one: no hex, no `Infinity`, no blank. */
const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/

/** A text that parsed, or the reason it did not. */
export type ParsedText = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly expected: string }

/**
 * One parameter text read as its schema's type says, strictly: `'2'` is the
 * integer 2, `'true'` the boolean true, `''` null where the schema allows
 * null; a schema without a type (or `string` among its types) keeps the text.
 * A text no listed type reads is refused, with what was expected, so that a
 * handler never hands its resolver a value its types do not describe.
 *
 * @example
 * parseParameterText('2', ['integer']) // { ok: true, value: 2 }
 * parseParameterText('two', ['integer']) // { ok: false, expected: 'an integer' }
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
  return { ok: false, expected: types.map(describeType).join(' or ') }
}

function describeType(type: string): string {
  switch (type) {
    case 'integer':
      return 'an integer'
    case 'number':
      return 'a number'
    case 'boolean':
      return 'true or false'
    case 'null':
      return 'empty (null)'
    default:
      return `a value of type ${type}`
  }
}
