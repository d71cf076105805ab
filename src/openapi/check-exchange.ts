import { isJsonObject, type JsonObject, type OpenApiDocument } from './document.js'
import { encodePointerToken } from './json-pointer.js'
import { followRef, type OperationEntry, type OperationParameter } from './operations.js'
import { coerce, parseCookies, rawParameter, readingOf, type TextReading } from './parameter-values.js'
import { declaredHeaders, declaredKeys, declaredResponse, isJsonMediaType, responseKey } from './response-plan.js'
import type { SchemaVerdict } from './compiled-schemas.js'
import type { DocumentValidator } from './schema-validator.js'
import type { ViolationFacts } from './violation.js'

/** What a check reports before the request and operation are added. */
type Finding = Omit<ViolationFacts, 'request' | 'operation'>

interface ValueCheck {
  readonly schemaPointer: string
  readonly reading: TextReading
  readonly verdict: SchemaVerdict
}

interface DeclaredMedia {
  readonly type: string
  readonly schemaPointer: string | undefined
  /** Made on the first body of this type. */
  verdict: SchemaVerdict | undefined
  reading: TextReading | undefined
}

interface DeclaredContent {
  readonly required: boolean
  readonly media: readonly DeclaredMedia[]
  readonly pointer: string
  /**
   * The last body text it accepted, and its Content-Type: a mock answers the same body again and again, and
   * comparing strings costs next to nothing beside parsing one (most of a passing check's cost).
   */
  accepted: { readonly contentType: string | null; readonly body: string } | undefined
}

interface DeclaredHeader {
  readonly name: string
  readonly required: boolean
  readonly pointer: string
  readonly value: ValueCheck | undefined
}

interface ResponseRules {
  readonly key: string
  readonly pointer: string
  readonly headers: readonly DeclaredHeader[]
  /** `undefined`: the response declares no body. */
  readonly content: DeclaredContent | undefined
}

/** OpenAPI says parameter definitions of these headers are ignored: HTTP itself governs them. */
const IGNORED_HEADERS = new Set(['accept', 'content-type', 'authorization'])

/** Longer accepted bodies are not kept for comparison (a contract lives as long as the test run). */
const REMEMBERED_BODY_LIMIT = 1 << 20

/** The status has no declared response (and no `default`). */
const UNDECLARED = Symbol('undeclared')

/** One array for every passing part: a passing exchange allocates none. */
const NONE: readonly Finding[] = []

/**
 * The checks of one operation, prepared on its first request (each response on the first of its status). A
 * passing exchange costs the verdicts and nothing else: no pointers written, no messages.
 */
export class OperationChecks {
  readonly #requestBody: DeclaredContent | undefined
  readonly #parameters: readonly { readonly parameter: OperationParameter; readonly value: ValueCheck | undefined }[]
  readonly #hasCookies: boolean
  /** Every parameter is in the path or the query: the URL alone decides whether they pass. */
  readonly #urlOnly: boolean
  /** Under `#urlOnly`, the last URL whose parameters passed: it passes again without reading them. */
  #acceptedUrl: string | undefined
  readonly #responses = new Map<number, ResponseRules | typeof UNDECLARED | undefined>()

  constructor(
    readonly document: OpenApiDocument,
    readonly entry: OperationEntry,
    readonly validator: DocumentValidator,
  ) {
    const { value, pointer } = followRef(document, entry.operation.requestBody, `${entry.pointer}/requestBody`)
    this.#requestBody = isJsonObject(value) ? declaredContent(value, pointer, value.required === true) : undefined
    this.#parameters = entry.parameters
      .filter((parameter) => !(parameter.in === 'header' && IGNORED_HEADERS.has(parameter.name.toLowerCase())))
      .map((parameter) => ({ parameter, value: parameter.schemaPointer === undefined ? undefined : this.#valueCheck(parameter.schemaPointer) }))
    this.#hasCookies = this.#parameters.some(({ parameter }) => parameter.in === 'cookie')
    this.#urlOnly = this.#parameters.every(({ parameter }) => parameter.in === 'path' || parameter.in === 'query')
  }

  /**
   * The request's parameters and body. Its headers are read only when needed (a header or cookie parameter, a
   * body's content type): a check of a plain `fetch(url)` builds no Request. `pathParams` are those of `url`.
   */
  request(url: URL, pathParams: Record<string, string>, sent: { readonly request: Request }, body: string): readonly Finding[] {
    const findings = this.#parameterFindings(url, pathParams, sent)
    const bodyFindings = this.#requestBody === undefined ? NONE : this.#body('request', this.#requestBody, () => sent.request.headers.get('content-type'), body)
    if (findings === undefined) return bodyFindings
    findings.push(...bodyFindings)
    return findings
  }

  #parameterFindings(url: URL, pathParams: Record<string, string>, sent: { readonly request: Request }): Finding[] | undefined {
    const href = this.#urlOnly ? url.href : undefined
    if (href !== undefined && href === this.#acceptedUrl) return undefined
    let findings: Finding[] | undefined
    let cookies: Record<string, string> | undefined
    const headers = () => sent.request.headers
    const readCookies = () => (cookies ??= this.#hasCookies ? parseCookies(headers().get('cookie')) : {})
    for (const { parameter, value } of this.#parameters) {
      findings = this.#declaredFindings(findings, 'request', parameter.in, parameter, value, rawParameter(parameter, url, pathParams, headers, readCookies))
    }
    if (findings === undefined && href !== undefined) this.#acceptedUrl = href
    return findings
  }

  response(status: number, headers: Headers, contentType: string | null, body: string): readonly Finding[] {
    const rules = this.#rulesFor(status)
    if (rules === UNDECLARED) {
      const declared = declaredKeys(this.entry).join(', ') || 'none'
      return [{ side: 'response', part: 'status', rule: 'declared-status', documentPointer: `${this.entry.pointer}/responses`, detail: `status ${status} is not declared (declared: ${declared}).` }]
    }
    if (rules === undefined) return NONE
    let findings: Finding[] | undefined
    for (const header of rules.headers) {
      findings = this.#declaredFindings(findings, 'response', 'header', header, header.value, headers.get(header.name) ?? undefined)
    }
    let bodyFindings: readonly Finding[]
    if (rules.content === undefined) {
      bodyFindings = body === '' ? NONE : [{ side: 'response', part: 'body', pointer: '', rule: 'declared-content', documentPointer: rules.pointer, detail: `the ${rules.key} response declares no body, but one was sent.` }]
    } else {
      bodyFindings = this.#body('response', rules.content, contentType, body)
    }
    if (findings === undefined) return bodyFindings
    findings.push(...bodyFindings)
    return findings
  }

  /** A parameter's or header's text (`undefined`: not sent) against its declaration: `findings` with what failed added (made on the first). */
  #declaredFindings(findings: Finding[] | undefined, side: Finding['side'], part: Finding['part'], declared: Omit<DeclaredHeader, 'value'>, check: ValueCheck | undefined, raw: string | string[] | undefined): Finding[] | undefined {
    const { name } = declared
    if (raw === undefined) {
      if (!declared.required) return findings
      const [rule, detail] = side === 'request' ? ['required-parameter', `the required ${part} parameter is missing.`] : ['required-header', 'the required header is missing.']
      ;(findings ??= []).push({ side, part, name, rule, documentPointer: declared.pointer, detail })
      return findings
    }
    if (check === undefined) return findings
    const value = coerce(check.reading, raw)
    if (check.verdict(value)) return findings
    for (const error of this.validator.explain(check.schemaPointer, value)) {
      ;(findings ??= []).push({ side, part, name, rule: error.keyword, documentPointer: error.documentPointer, detail: `${JSON.stringify(value)}: ${error.message}` })
    }
    return findings
  }

  #rulesFor(status: number): ResponseRules | typeof UNDECLARED | undefined {
    if (this.#responses.has(status)) return this.#responses.get(status)
    const key = responseKey(this.entry, status)
    const rules = key === undefined ? UNDECLARED : this.#rules(key)
    this.#responses.set(status, rules)
    return rules
  }

  /** `undefined`: the declared response is a dangling reference. */
  #rules(key: string): ResponseRules | undefined {
    const { response, pointer } = declaredResponse(this.document, this.entry, key)
    if (response === undefined) return undefined
    const headers = declaredHeaders(this.document, response, pointer).map(({ name, header, pointer: at }) => ({
      name,
      required: header.required === true,
      pointer: at,
      value: isJsonObject(header.schema) ? this.#valueCheck(`${at}/schema`) : undefined,
    }))
    return { key, pointer, headers, content: isJsonObject(response.content) ? declaredContent(response, pointer, false) : undefined }
  }

  #valueCheck(schemaPointer: string): ValueCheck {
    return { schemaPointer, reading: readingOf(this.document, schemaPointer), verdict: this.validator.verdict(schemaPointer) }
  }

  /** `contentTypeOf`: the body's Content-Type header, or how to read it (read only for a body to judge). */
  #body(side: Finding['side'], declared: DeclaredContent, contentTypeOf: string | null | (() => string | null), body: string): readonly Finding[] {
    if (declared.media.length === 0) return NONE
    if (body === '') {
      return declared.required ? [{ side, part: 'body', pointer: '', rule: 'required-body', documentPointer: declared.pointer, detail: 'the required body is missing.' }] : NONE
    }
    const contentType = typeof contentTypeOf === 'function' ? contentTypeOf() : contentTypeOf
    const { accepted } = declared
    if (accepted !== undefined && accepted.contentType === contentType && accepted.body === body) return NONE
    const type = mediaTypeOf(contentType)
    const media = declared.media.find((entry) => mediaMatches(entry.type, type))
    if (media === undefined) {
      return [{ side, part: 'content-type', rule: 'declared-content-type', documentPointer: `${declared.pointer}/content`, detail: `${contentType === null ? 'no content type' : `"${type}"`} is not declared (declared: ${declared.media.map((entry) => entry.type).join(', ')}).` }]
    }
    const schemaPointer = media.schemaPointer
    if (schemaPointer === undefined) return NONE
    let value: unknown
    if (isJsonMediaType(type)) {
      try {
        value = JSON.parse(body)
      } catch {
        return [{ side, part: 'body', pointer: '', rule: 'json', documentPointer: schemaPointer, detail: `the body is not valid JSON (${JSON.stringify(body.slice(0, 40))}…).` }]
      }
    } else {
      // A text body is the value itself, read as a parameter is (`type: integer`: a number). Other media types
      // (forms, binary) have no one reading of their text: not checked.
      if (!type.startsWith('text/')) return NONE
      const reading = (media.reading ??= readingOf(this.document, schemaPointer))
      if (reading.itemTypes !== undefined || reading.types.includes('object')) return NONE
      value = coerce(reading, body)
    }
    media.verdict ??= this.validator.verdict(schemaPointer)
    if (media.verdict(value)) {
      if (body.length <= REMEMBERED_BODY_LIMIT) declared.accepted = { contentType, body }
      return NONE
    }
    return this.validator.explain(schemaPointer, value).map((error) => ({
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
    accepted: undefined,
    media: Object.entries(content).map(([type, media]) => ({
      type: type.toLowerCase(),
      verdict: undefined,
      reading: undefined,
      schemaPointer: isJsonObject(media) && (isJsonObject(media.schema) || typeof media.schema === 'boolean') ? `${pointer}/content/${encodePointerToken(type)}/schema` : undefined,
    })),
  }
}

/** The bare, lower-case media type of a Content-Type header (`''` without one). */
function mediaTypeOf(contentType: string | null): string {
  if (contentType === null) return ''
  const end = contentType.indexOf(';')
  return (end === -1 ? contentType : contentType.slice(0, end)).trim().toLowerCase()
}

/** `application/*`, `*\/*` and parameters in declared types match as HTTP says. */
function mediaMatches(declared: string, actual: string): boolean {
  const bare = mediaTypeOf(declared)
  if (bare === '*/*' || bare === actual) return true
  return bare.endsWith('/*') && actual.startsWith(bare.slice(0, -1))
}
