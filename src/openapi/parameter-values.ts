import { isJsonObject, type OpenApiDocument } from './document.js'
import { readPointer } from './json-pointer.js'
import { followRef, type OperationParameter } from './operations.js'
import { isDelimited, queryTexts } from './query-style.js'

/**
 * How text from a URL or a header becomes the value its schema reads: the
 * types of the schema (and of its items, for an array), found once per
 * parameter rather than per request.
 */
export interface TextReading {
  readonly types: readonly string[]
  /** The item types, for an `array` schema. */
  readonly itemTypes: readonly string[] | undefined
}

/**
 * The reading of the schema at `schemaPointer` (its `$ref`s followed).
 *
 * @example
 * readingOf(document, '#/paths/~1pets/get/parameters/0/schema') // { types: ['integer'], itemTypes: undefined }
 */
export function readingOf(document: OpenApiDocument, schemaPointer: string): TextReading {
  const schema = followRef(document, readPointer(document, schemaPointer), schemaPointer).value
  const types = typesOf(schema)
  if (!types.includes('array')) return { types, itemTypes: undefined }
  const items = isJsonObject(schema) ? schema.items : undefined
  return { types, itemTypes: isJsonObject(items) && typeof items.type === 'string' ? [items.type] : [] }
}

function typesOf(schema: unknown): string[] {
  if (!isJsonObject(schema)) return []
  return Array.isArray(schema.type) ? (schema.type as string[]) : typeof schema.type === 'string' ? [schema.type] : []
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
