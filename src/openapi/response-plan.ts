import { isJsonObject, type JsonObject, type OpenApiDocument } from './document.js'
import { encodePointerToken } from './json-pointer.js'
import { followRef, type OperationEntry } from './operations.js'
import { seededRandom } from './random.js'
import { generateValue } from './generate-value.js'
import type { DocumentValidator } from './schema-validator.js'

/** Built once per operation and choice. */
export interface ResponsePlan {
  readonly status: number
  /** Never changed: every response of the plan is made from it. */
  readonly headers: [string, string][]
  /** `undefined`: no body. */
  readonly body: string | undefined
}

/**
 * Which declared response to answer: a status (`404`), a range (`'4XX'`) or `'default'`, and optionally a named example.
 *
 * @example
 * await fromOpenApi('./petstore.yaml', { responses: { showPetById: { status: 404, example: 'missing' } } })
 */
export interface ResponseChoice {
  readonly status?: number | string
  readonly example?: string
}

/**
 * The key of `responses` that answers `wanted` (`404` → `'404'`, else `'4XX'`, else `'default'`); without a
 * wish, the first 2xx as the document lists them (else `default`, else the first).
 */
export function responseKey(entry: OperationEntry, wanted: number | string | undefined): string | undefined {
  const keys = declaredKeys(entry)
  if (wanted === undefined) return keys.find((key) => key.startsWith('2')) ?? (keys.includes('default') ? 'default' : keys[0])
  const text = String(wanted).toUpperCase()
  if (keys.includes(text)) return text
  const isStatus = /^\d{3}$/.test(text)
  if (isStatus && keys.includes(`${text[0]}XX`)) return `${text[0]}XX`
  return (isStatus || text === 'DEFAULT') && keys.includes('default') ? 'default' : undefined
}

/** The keys of the operation's `responses`, as the document lists them. */
export function declaredKeys(entry: OperationEntry): string[] {
  return Object.keys(isJsonObject(entry.operation.responses) ? entry.operation.responses : {})
}

export function isJsonMediaType(type: string): boolean {
  return /^application\/(.+\+)?json\b/i.test(type) || /\+json\b/i.test(type) || type === '*/*'
}

/**
 * The response `choice` asks for, its body from an example (`examplesOf`), else generated from the schema for `seed`.
 * An example its own schema refuses is passed over: a mock must not answer what the contract forbids.
 */
export function planResponse(document: OpenApiDocument, entry: OperationEntry, choice: ResponseChoice, context: { seed: number | string; validator: DocumentValidator }): ResponsePlan {
  const key = responseKey(entry, choice.status)
  if (key === undefined) {
    throw new Error(`[mocklib] ${entry.label} declares no ${choice.status} response (declared: ${declaredKeys(entry).join(', ') || 'none'}). Ask for one of the declared statuses.`)
  }
  const { response, pointer: responseAt } = declaredResponse(document, entry, key)
  const status = statusOf(key, choice.status)
  const random = seededRandom(context.seed, `${entry.method} ${entry.template} ${key}`)
  const generate = (pointer: string) => generateValue(pointer, { document, random, accepts: (at, value) => context.validator.accepts(at, value) })
  const headers = declaredHeaders(document, response, responseAt).map(({ name, header, pointer }): [string, string] => {
    const value = header.example !== undefined ? header.example : isJsonObject(header.schema) ? generate(`${pointer}/schema`) : 'value'
    return [name, Array.isArray(value) ? value.join(',') : String(value)]
  })

  const content = isJsonObject(response?.content) ? response.content : undefined
  const mediaType = content ? Object.keys(content)[0] : undefined
  if (content === undefined || mediaType === undefined || entry.method === 'head' || status === 204 || status === 205 || status === 304) {
    return { status, headers, body: undefined }
  }
  const mediaPointer = `${responseAt}/content/${encodePointerToken(mediaType)}`
  const media = content[mediaType] as JsonObject
  const schemaPointer = isJsonObject(media.schema) || typeof media.schema === 'boolean' ? `${mediaPointer}/schema` : undefined
  const valid = (value: unknown) => schemaPointer === undefined || context.validator.accepts(schemaPointer, value)
  const json = isJsonMediaType(mediaType)

  let value: unknown = NOTHING
  for (const example of examplesOf(document, media, choice.example)) {
    // Text bodies are examples as written; JSON ones are checked against the schema.
    if (!json || valid(example)) {
      value = example
      break
    }
  }
  if (value === NOTHING) value = schemaPointer === undefined ? (json ? {} : '') : generate(schemaPointer)
  headers.unshift(['content-type', mediaType === '*/*' ? 'application/json' : mediaType])
  const body = typeof value === 'string' && !json ? value : JSON.stringify(value)
  return { status, headers, body }
}

const NOTHING = Symbol('nothing')

/** The media type's examples in the order they are tried: `example`, then `examples`; the named one only, when `name` is given. */
function examplesOf(document: OpenApiDocument, media: JsonObject, name: string | undefined): unknown[] {
  const named = isJsonObject(media.examples) ? media.examples : {}
  if (name !== undefined && !(name in named)) throw new Error(`[mocklib] No example named "${name}" (examples: ${Object.keys(named).join(', ') || 'none'}). Ask for one the document declares.`)
  const found: unknown[] = name === undefined && media.example !== undefined ? [media.example] : []
  for (const raw of name === undefined ? Object.values(named) : [named[name]]) {
    const { value } = followRef(document, raw, '')
    if (isJsonObject(value) && 'value' in value) found.push(value.value)
  }
  return found
}

function statusOf(key: string, wanted: number | string | undefined): number {
  if (/^\d{3}$/.test(key)) return Number(key)
  if (typeof wanted === 'number' || (typeof wanted === 'string' && /^\d{3}$/.test(wanted))) return Number(wanted)
  if (/^\dXX$/i.test(key)) return Number(key[0]) * 100
  return 200
}

/** The declared response under `key` (its `$ref` followed) and the pointer it was read at. */
export function declaredResponse(document: OpenApiDocument, entry: OperationEntry, key: string): { response: JsonObject | undefined; pointer: string } {
  const raw = isJsonObject(entry.operation.responses) ? entry.operation.responses[key] : undefined
  const { value, pointer } = followRef(document, raw, `${entry.pointer}/responses/${encodePointerToken(key)}`)
  return { response: isJsonObject(value) ? value : undefined, pointer }
}

/** A response's declared headers, their `$ref`s followed (its `content-type` is the media type's business). */
export function declaredHeaders(document: OpenApiDocument, response: JsonObject | undefined, pointer: string): { name: string; header: JsonObject; pointer: string }[] {
  const headers: { name: string; header: JsonObject; pointer: string }[] = []
  for (const [name, raw] of Object.entries(isJsonObject(response?.headers) ? response.headers : {})) {
    if (name.toLowerCase() === 'content-type') continue
    const { value, pointer: at } = followRef(document, raw, `${pointer}/headers/${encodePointerToken(name)}`)
    if (isJsonObject(value)) headers.push({ name, header: value, pointer: at })
  }
  return headers
}
