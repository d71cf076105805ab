import type { RequestContext } from '../../kernel/index.js'
import { invalid, type GraphQLRequestState, type InvalidOperation, type ParsedOperation, type RawOperation } from './graphql-operation.js'
import { applyUploadMap } from './multipart-upload.js'
import { parseOperation } from './parse-operation.js'

/** Read but not parsed. */
type GraphQLPayload = RawOperation | InvalidOperation | { readonly kind: 'batch'; readonly items: readonly (RawOperation | InvalidOperation)[] }

export const PENDING: unique symbol = Symbol('pending')

/** Kept where handlers asked later find it without a promise. */
interface Reading {
  settled: GraphQLRequestState | typeof PENDING
  promise: Promise<GraphQLRequestState> | undefined
}

const READING = Symbol('mocklib graphql request state')

function readingOf(context: RequestContext): Reading {
  return context.memo(READING, () => ({ settled: PENDING, promise: undefined }))
}

/**
 * False means "certainly not GraphQL over HTTP", without reading a body. Any POST with a body may
 * be (as msw, whatever its content type); REST-only lists never ask.
 */
export function mayCarryGraphQL(context: RequestContext): boolean {
  if (context.method === 'GET') return context.url.searchParams.has('query')
  return context.method === 'POST' && context.request.body !== null
}

/** Read and parsed once per request, shared by the GraphQL channel, the batch splitter and every GraphQL handler. */
export function graphQLRequestState(context: RequestContext): Promise<GraphQLRequestState> {
  const reading = readingOf(context)
  return (reading.promise ??= readRequestState(context, reading))
}

export function settledRequestState(context: RequestContext): GraphQLRequestState | typeof PENDING {
  return readingOf(context).settled
}

export function seedRequestState(context: RequestContext, state: ParsedOperation | InvalidOperation): void {
  const reading = readingOf(context)
  reading.settled = state
  reading.promise = Promise.resolve(state)
}

async function readRequestState(context: RequestContext, reading: Reading): Promise<GraphQLRequestState> {
  let payload
  try {
    payload = await readPayload(context)
  } catch {
    // An unreadable body (already consumed, aborted stream) cannot be GraphQL we can match.
    payload = null
  }
  let state: GraphQLRequestState = null
  if (payload?.kind === 'batch') {
    state = { kind: 'batch', items: await Promise.all(payload.items.map(parseOperation)) }
  } else if (payload !== null) {
    const parsed = parseOperation(payload)
    // A query parsed before comes back synchronously: no extra turn for the usual request.
    state = parsed instanceof Promise ? await parsed : parsed
  }
  return (reading.settled = state)
}

const MULTIPART_TYPE = /^multipart\/form-data\b/i
const DEFINITION_KEYWORD = /^(?:query|mutation|subscription|fragment)\b/

/** GET with `query`, POST with JSON, a multipart upload or a batch; a `query` like `/search?query=shoes` is not GraphQL. */
async function readPayload(context: RequestContext): Promise<GraphQLPayload | null> {
  if (!mayCarryGraphQL(context)) return null
  if (context.method === 'GET') return fromSearchParams(context.url.searchParams)
  if (MULTIPART_TYPE.test(context.request.headers.get('content-type') ?? '')) return fromMultipart(context.request)
  // As msw: a JSON operation body is GraphQL whatever its content type (fetch sends a string as text/plain).
  return fromJson(await context.bodyText())
}

/**
 * A selection set or a definition keyword after whitespace, commas and `#` comments. A scan, not a
 * regex: `(?:\s|#[^\n]*)*` splits a run of `#` in exponentially many ways, and `?query=` is attacker-sized.
 */
function startsLikeDocument(text: string): boolean {
  let at = 0
  while (at < text.length) {
    const char = text.charCodeAt(at)
    if (char === 0x23 /* # */) {
      while (at < text.length && text.charCodeAt(at) !== 0x0a && text.charCodeAt(at) !== 0x0d) at++
    } else if (char === 0x2c /* , */ || isWhiteSpace(char)) {
      at++
    } else {
      break
    }
  }
  if (text.charCodeAt(at) === 0x7b /* { */) return true
  // Anchored and bounded: the keyword test reads at most 13 characters past `at`.
  return DEFINITION_KEYWORD.test(text.slice(at, at + 13))
}

// `\s`: ECMAScript white space and line terminators.
const WHITE_SPACE = /\s/
function isWhiteSpace(char: number): boolean {
  return char === 0x20 || (char >= 0x09 && char <= 0x0d) || (char > 0x7f && WHITE_SPACE.test(String.fromCharCode(char)))
}

function fromSearchParams(params: URLSearchParams): GraphQLPayload | null {
  const query = params.get('query')
  if (query === null || !startsLikeDocument(query)) return null
  let variables: unknown
  const variablesText = params.get('variables')
  if (variablesText !== null && variablesText !== '') {
    try {
      variables = JSON.parse(variablesText)
    } catch (error) {
      return invalid(`the "variables" search parameter is not valid JSON (${(error as Error).message}); send it as a JSON object, for example ?variables=${encodeURIComponent('{"id":"1"}')}.`)
    }
  }
  return toOperation({ query, variables, operationName: params.get('operationName') ?? undefined }) ?? null
}

function fromJson(text: string): GraphQLPayload | null {
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    return null
  }
  return fromOperations(body)
}

async function fromMultipart(request: Request): Promise<GraphQLPayload | null> {
  let form: FormData
  try {
    form = await request.clone().formData()
  } catch {
    return null
  }
  const operationsText = form.get('operations')
  if (typeof operationsText !== 'string') return null
  let operations: unknown
  let map: unknown
  try {
    operations = JSON.parse(operationsText)
  } catch (error) {
    return invalid(`the multipart "operations" field is not valid JSON (${(error as Error).message}).`)
  }
  const mapText = form.get('map')
  try {
    map = typeof mapText === 'string' ? JSON.parse(mapText) : undefined
  } catch (error) {
    return invalid(`the multipart "map" field is not valid JSON (${(error as Error).message}).`)
  }
  const mapError = applyUploadMap(operations, map, form)
  if (mapError !== undefined) return invalid(mapError)
  return fromOperations(operations)
}

const NOT_AN_OPERATION = 'this batch item is not a GraphQL operation: send { "query": "…", "variables": {…} }.'

/** A batch is an array in which at least one item is an operation. */
function fromOperations(body: unknown): GraphQLPayload | null {
  if (!Array.isArray(body)) return toOperation(body) ?? null
  const items = body.map((item) => toOperation(item) ?? invalid(NOT_AN_OPERATION))
  return items.some((item) => item.kind === 'raw' || item.reason !== NOT_AN_OPERATION) ? { kind: 'batch', items } : null
}

function toOperation(value: unknown): RawOperation | InvalidOperation | undefined {
  if (typeof value !== 'object' || value === null) return undefined
  const { query, variables, operationName } = value as Record<string, unknown>
  if (typeof query !== 'string' || !startsLikeDocument(query)) return undefined
  if (operationName !== undefined && operationName !== null && typeof operationName !== 'string') {
    return invalid(`"operationName" must be a string, but got ${typeof operationName}.`)
  }
  let vars = variables
  // Some clients send the variables as a JSON string.
  if (typeof vars === 'string') {
    try {
      vars = JSON.parse(vars)
    } catch (error) {
      return invalid(`"variables" is a string that is not valid JSON (${(error as Error).message}); send a JSON object.`)
    }
  }
  if (vars === undefined || vars === null) vars = {}
  if (typeof vars !== 'object' || Array.isArray(vars)) {
    return invalid(`"variables" must be a JSON object of variable name to value, but got ${Array.isArray(vars) ? 'an array' : typeof vars}.`)
  }
  return { kind: 'raw', query, variables: vars as Record<string, unknown>, operationName: operationName ?? undefined }
}
