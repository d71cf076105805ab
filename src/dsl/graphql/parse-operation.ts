import { GRAPHQL_UNAVAILABLE, loadGraphQL } from './graphql-module.js'
import { invalid, operationsOfDocument, type DocumentOperation, type InvalidOperation, type ParsedOperation, type RawOperation } from './graphql-operation.js'

type ParseOutcome = readonly DocumentOperation[] | { readonly error: string }

// Applications send the same few queries again and again, and `parse` is the dearest step of reading one.
// Bounded, oldest first out: a hostile client must not grow memory.
const MAX_ENTRIES = 500
const MAX_CHARACTERS = 2_000_000
const parsed = new Map<string, ParseOutcome>()
let parsedCharacters = 0

/**
 * Picks the operation named by `operationName`, else the only one. A query parsed before is
 * answered synchronously from the cache; `graphql` loads on the first parse.
 */
export function parseOperation(raw: RawOperation | InvalidOperation): ParsedOperation | InvalidOperation | Promise<ParsedOperation | InvalidOperation> {
  if (raw.kind === 'invalid') return raw
  const known = parsed.get(raw.query)
  return known === undefined ? parseNow(raw) : choose(raw, known)
}

async function parseNow(raw: RawOperation): Promise<ParsedOperation | InvalidOperation> {
  // Not remembered: installing graphql fixes it without a restart.
  const graphqlModule = await loadGraphQL().catch(() => undefined)
  if (graphqlModule === undefined) return invalid(GRAPHQL_UNAVAILABLE)
  let outcome: ParseOutcome
  try {
    outcome = operationsOfDocument(graphqlModule.parse(raw.query, { noLocation: true }))
  } catch (error) {
    outcome = { error: `the GraphQL query does not parse: ${(error as Error).message}` }
  }
  remember(raw.query, outcome)
  return choose(raw, outcome)
}

function remember(query: string, outcome: ParseOutcome): void {
  if (query.length > MAX_CHARACTERS / 4 || parsed.has(query)) return
  while (parsed.size >= MAX_ENTRIES || parsedCharacters + query.length > MAX_CHARACTERS) {
    const oldest = parsed.keys().next().value as string
    parsed.delete(oldest)
    parsedCharacters -= oldest.length
  }
  parsed.set(query, outcome)
  parsedCharacters += query.length
}

function choose(raw: RawOperation, outcome: ParseOutcome): ParsedOperation | InvalidOperation {
  if ('error' in outcome) return invalid(outcome.error)
  const operations = outcome as readonly DocumentOperation[]
  const { operationName } = raw
  if (operations.length === 0) return invalid('the GraphQL document has no operation (only fragments?).')
  if (operationName === undefined && operations.length > 1) {
    return invalid(`the GraphQL document has ${operations.length} operations but the request names none; send "operationName".`)
  }
  const chosen = operationName === undefined ? operations[0]! : operations.find((operation) => operation.operationName === operationName)
  if (chosen === undefined) return invalid(`"operationName" is "${operationName}", but the GraphQL document has no operation of that name.`)
  return { kind: 'operation', operationType: chosen.operationType, operationName: chosen.operationName, query: raw.query, variables: raw.variables }
}
