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
const WHITE_SPACE = /\s/

/** GET with `query`, POST with JSON, a multipart upload or a batch; a `query` like `/search?query=shoes` is not GraphQL. */
async function readPayload(context: RequestContext): Promise<GraphQLPayload | null> {
  if (!mayCarryGraphQL(context)) return null
  if (context.method === 'GET') return fromSearchParams(context.url.searchParams)
  if (MULTIPART_TYPE.test(context.request.headers.get('content-type') ?? '')) return fromMultipart(context.request)
  // As msw: a JSON operation body is GraphQL whatever its content type (fetch sends a string as text/plain).
  const body = parseJson(await context.bodyText())
  return 'error' in body ? null : fromOperations(body.value)
}

export function parseJson(text: string): { readonly value: unknown } | { readonly error: string } {
  try {
    return { value: JSON.parse(text) }
  } catch (error) {
    return { error: (error as Error).message }
  }
}

/**
 * A selection set or a definition keyword after whitespace, commas and `#` comments. A scan, not a
 * regex: `(?:\s|#[^\n]*)*` splits a run of `#` in exponentially many ways, and `?query=` is attacker-sized.
 */
function startsLikeDocument(text: string): boolean {
  let at = 0
  while (at < text.length) {
    const char = text[at]!
    if (char === '#') {
      while (at < text.length && text[at] !== '\n' && text[at] !== '\r') at++
    } else if (char === ',' || WHITE_SPACE.test(char)) {
      at++
    } else {
      break
    }
  }
  // The keyword test reads at most 13 characters past `at`.
  return text[at] === '{' || DEFINITION_KEYWORD.test(text.slice(at, at + 13))
}

function fromSearchParams(params: URLSearchParams): GraphQLPayload | null {
  const query = params.get('query')
  if (query === null || !startsLikeDocument(query)) return null
  const variablesText = params.get('variables')
  const variables = variablesText === null || variablesText === '' ? { value: undefined } : parseJson(variablesText)
  if ('error' in variables) {
    return invalid(`the "variables" search parameter is not valid JSON (${variables.error}); send it as a JSON object, for example ?variables=${encodeURIComponent('{"id":"1"}')}.`)
  }
  return toOperation({ query, variables: variables.value, operationName: params.get('operationName') ?? undefined }) ?? null
}

async function fromMultipart(request: Request): Promise<GraphQLPayload | null> {
  const form = await request.clone().formData().catch(() => undefined)
  if (form === undefined) return null
  const operationsText = form.get('operations')
  if (typeof operationsText !== 'string') return null
  const operations = parseJson(operationsText)
  if ('error' in operations) return invalid(`the multipart "operations" field is not valid JSON (${operations.error}).`)
  const mapText = form.get('map')
  const map = typeof mapText === 'string' ? parseJson(mapText) : { value: undefined }
  if ('error' in map) return invalid(`the multipart "map" field is not valid JSON (${map.error}).`)
  const mapError = applyUploadMap(operations.value, map.value, form)
  if (mapError !== undefined) return invalid(mapError)
  return fromOperations(operations.value)
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
  // Some clients send the variables as a JSON string.
  const parsed = typeof variables === 'string' ? parseJson(variables) : { value: variables }
  if ('error' in parsed) return invalid(`"variables" is a string that is not valid JSON (${parsed.error}); send a JSON object.`)
  const vars = parsed.value ?? {}
  if (typeof vars !== 'object' || Array.isArray(vars)) {
    return invalid(`"variables" must be a JSON object of variable name to value, but got ${Array.isArray(vars) ? 'an array' : typeof vars}.`)
  }
  return { kind: 'raw', query, variables: vars as Record<string, unknown>, operationName: operationName ?? undefined }
}
