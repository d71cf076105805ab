import { isJsonObject, type JsonObject, type OpenApiDocument } from './document.js'
import { encodePointerToken, readPointer } from './json-pointer.js'
import { followRef, type OperationEntry, type OperationParameter } from './operations.js'
import { declaredResponse, isJsonMediaType, responseKey } from './response-plan.js'
import type { DocumentValidator } from './schema-validator.js'
import type { ViolationFacts } from './violation.js'

/** What a check reports before the request and operation are added. */
export type Finding = Omit<ViolationFacts, 'request' | 'operation'>

/** The declared media types of a body, by type, with their schema pointers. */
interface DeclaredContent {
  readonly required: boolean
  readonly media: readonly { readonly type: string; readonly schemaPointer: string | undefined }[]
  readonly pointer: string
}

/** Parameter (and header) names HTTP itself governs: OpenAPI says their parameter definitions are ignored. */
const IGNORED_HEADERS = new Set(['accept', 'content-type', 'authorization'])

/**
 * The checks of one operation, prepared once (the first time a request for it
 * is checked): the parameters, the request body, and each declared response.
 *
 * @example
 * const checks = new OperationChecks(document, entry, validator)
 * const findings = [...checks.request(url, params, headers, body), ...checks.response(status, headers, body)]
 */
export class OperationChecks {
  readonly #requestBody: DeclaredContent | undefined

  constructor(
    readonly document: OpenApiDocument,
    readonly entry: OperationEntry,
    readonly validator: DocumentValidator,
  ) {
    const { value, pointer } = followRef(document, entry.operation.requestBody, `${entry.pointer}/requestBody`)
    this.#requestBody = isJsonObject(value) ? declaredContent(value, pointer, value.required === true) : undefined
  }

  /** The request's parameters and body against the operation. */
  request(url: URL, pathParams: Record<string, string>, headers: Headers, body: string): Finding[] {
    const findings: Finding[] = []
    const cookies = parseCookies(headers.get('cookie'))
    for (const parameter of this.entry.parameters) {
      if (parameter.in === 'header' && IGNORED_HEADERS.has(parameter.name.toLowerCase())) continue
      const raw = rawParameter(parameter, url, pathParams, headers, cookies)
      if (raw === undefined) {
        if (parameter.required) findings.push({ side: 'request', part: parameter.in, name: parameter.name, rule: 'required-parameter', documentPointer: parameter.pointer, detail: `the required ${parameter.in} parameter is missing.` })
        continue
      }
      if (parameter.schemaPointer === undefined) continue
      const value = coerce(this.document, parameter.schemaPointer, raw)
      for (const error of this.validator.errors(parameter.schemaPointer, value)) {
        findings.push({ side: 'request', part: parameter.in, name: parameter.name, rule: error.keyword, documentPointer: error.documentPointer, detail: `${JSON.stringify(value)}: ${error.message}` })
      }
    }
    findings.push(...this.#body('request', this.#requestBody, headers.get('content-type'), body))
    return findings
  }

  /** A response's status, content type, headers and body against the declared responses. */
  response(status: number, headers: Headers, body: string): Finding[] {
    const key = responseKey(this.entry, status)
    if (key === undefined) {
      const declared = Object.keys(isJsonObject(this.entry.operation.responses) ? this.entry.operation.responses : {}).join(', ')
      return [{ side: 'response', part: 'status', rule: 'declared-status', documentPointer: `${this.entry.pointer}/responses`, detail: `status ${status} is not declared (declared: ${declared || 'none'}).` }]
    }
    const { response, pointer } = declaredResponse(this.document, this.entry, key)
    if (response === undefined) return []
    const findings: Finding[] = []
    if (isJsonObject(response.headers)) {
      for (const [name, raw] of Object.entries(response.headers)) {
        if (name.toLowerCase() === 'content-type') continue
        const { value: header, pointer: headerAt } = followRef(this.document, raw, `${pointer}/headers/${encodePointerToken(name)}`)
        if (!isJsonObject(header)) continue
        const found = headers.get(name)
        if (found === null) {
          if (header.required === true) findings.push({ side: 'response', part: 'header', name, rule: 'required-header', documentPointer: headerAt, detail: 'the required header is missing.' })
          continue
        }
        if (!isJsonObject(header.schema)) continue
        const value = coerce(this.document, `${headerAt}/schema`, found)
        for (const error of this.validator.errors(`${headerAt}/schema`, value)) {
          findings.push({ side: 'response', part: 'header', name, rule: error.keyword, documentPointer: error.documentPointer, detail: `${JSON.stringify(value)}: ${error.message}` })
        }
      }
    }
    const content = isJsonObject(response.content) ? declaredContent(response, pointer, false) : undefined
    if (content === undefined) {
      if (body !== '') findings.push({ side: 'response', part: 'body', pointer: '', rule: 'declared-content', documentPointer: pointer, detail: `the ${key} response declares no body, but one was sent.` })
      return findings
    }
    findings.push(...this.#body('response', content, headers.get('content-type'), body))
    return findings
  }

  #body(side: 'request' | 'response', declared: DeclaredContent | undefined, contentType: string | null, body: string): Finding[] {
    if (declared === undefined || declared.media.length === 0) return []
    if (body === '') {
      return declared.required ? [{ side, part: 'body', pointer: '', rule: 'required-body', documentPointer: declared.pointer, detail: 'the required body is missing.' }] : []
    }
    const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase()
    const media = declared.media.find((entry) => mediaMatches(entry.type, type))
    if (media === undefined) {
      return [{ side, part: 'content-type', rule: 'declared-content-type', documentPointer: `${declared.pointer}/content`, detail: `${contentType === null ? 'no content type' : `"${type}"`} is not declared (declared: ${declared.media.map((entry) => entry.type).join(', ')}).` }]
    }
    if (media.schemaPointer === undefined || !isJsonMediaType(type)) return []
    let value: unknown
    try {
      value = JSON.parse(body)
    } catch {
      return [{ side, part: 'body', pointer: '', rule: 'json', documentPointer: media.schemaPointer, detail: `the body is not valid JSON (${JSON.stringify(body.slice(0, 40))}…).` }]
    }
    return this.validator.errors(media.schemaPointer, value).map((error) => ({
      side,
      part: 'body' as const,
      pointer: error.instancePointer,
      rule: error.keyword,
      documentPointer: error.documentPointer,
      detail: error.message,
    }))
  }
}

function declaredContent(owner: JsonObject, pointer: string, required: boolean): DeclaredContent {
  const content = isJsonObject(owner.content) ? owner.content : {}
  return {
    required,
    pointer,
    media: Object.entries(content).map(([type, media]) => ({
      type: type.toLowerCase(),
      schemaPointer: isJsonObject(media) && (isJsonObject(media.schema) || typeof media.schema === 'boolean') ? `${pointer}/content/${encodePointerToken(type)}/schema` : undefined,
    })),
  }
}

/** `application/*`, `*\/*` and parameters in declared types match as HTTP says. */
function mediaMatches(declared: string, actual: string): boolean {
  const bare = declared.split(';')[0]!.trim()
  if (bare === '*/*' || bare === actual) return true
  return bare.endsWith('/*') && actual.startsWith(bare.slice(0, -1))
}

/** The parameter's value as sent (a list for a repeated or comma-separated query parameter), or `undefined`. */
function rawParameter(parameter: OperationParameter, url: URL, pathParams: Record<string, string>, headers: Headers, cookies: Record<string, string>): string | string[] | undefined {
  switch (parameter.in) {
    case 'path':
      return pathParams[parameter.name]
    case 'header':
      return headers.get(parameter.name) ?? undefined
    case 'cookie':
      return cookies[parameter.name]
    case 'query': {
      const values = url.searchParams.getAll(parameter.name)
      if (values.length === 0) return undefined
      if (parameter.explode === false) return values.join(',').split(',')
      return values.length === 1 ? values[0]! : values
    }
  }
}

/** Text from the URL or a header, as the schema's type reads it (`'7'` is the integer 7 for `type: integer`). */
function coerce(document: OpenApiDocument, schemaPointer: string, raw: string | string[]): unknown {
  const schema = followRef(document, readPointer(document, schemaPointer), schemaPointer).value
  const types = isJsonObject(schema) ? (Array.isArray(schema.type) ? (schema.type as string[]) : typeof schema.type === 'string' ? [schema.type] : []) : []
  if (types.includes('array')) {
    const items = isJsonObject(schema) && isJsonObject(schema.items) ? schema.items : undefined
    const list = Array.isArray(raw) ? raw : raw.split(',')
    return list.map((item) => scalar(item, items && typeof items.type === 'string' ? [items.type] : []))
  }
  if (Array.isArray(raw)) return raw.map((item) => scalar(item, types))
  return scalar(raw, types)
}

function scalar(text: string, types: readonly string[]): unknown {
  if ((types.includes('integer') || types.includes('number')) && text.trim() !== '' && !Number.isNaN(Number(text))) return Number(text)
  if (types.includes('boolean') && (text === 'true' || text === 'false')) return text === 'true'
  if (types.includes('null') && text === '') return null
  return text
}

function parseCookies(header: string | null): Record<string, string> {
  const cookies: Record<string, string> = Object.create(null)
  if (header === null) return cookies
  for (const part of header.split(';')) {
    const index = part.indexOf('=')
    if (index > 0) cookies[part.slice(0, index).trim()] = part.slice(index + 1).trim()
  }
  return cookies
}
