import { graphQLUnavailableReason, loadGraphQL } from './graphql-module.js'
import { invalid, operationsOfDocument, type DocumentOperation, type InvalidOperation, type ParsedOperation, type RawOperation } from './graphql-operation.js'

/** What parsing a query gave: its operations, or why it does not parse. */
type ParseOutcome = readonly DocumentOperation[] | { readonly error: string }

// An application sends the same few queries again and again, and `graphql`'s `parse` is the dearest step of
// reading one; the outcome depends on the text only, so a hit is exact. Bounded: a test suite repeats a few
// hundred queries at most, and a hostile client must not grow memory. The oldest entries go first.
const MAX_ENTRIES = 500
const MAX_CHARACTERS = 2_000_000
const parsed = new Map<string, ParseOutcome>()
let parsedCharacters = 0

/**
 * Parses the query of one operation with the `graphql` package (loaded now, on
 * first use) and picks the operation to run: the one named by `operationName`,
 * else the only one. Anything unusable becomes an `InvalidOperation` whose
 * reason quotes the parse error. A query parsed before is answered at once,
 * synchronously, from a bounded cache.
 */
export function parseOperation(raw: RawOperation | InvalidOperation): ParsedOperation | InvalidOperation | Promise<ParsedOperation | InvalidOperation> {
  if (raw.kind === 'invalid') return raw
  const known = parsed.get(raw.query)
  return known === undefined ? parseNow(raw) : choose(raw, known)
}

async function parseNow(raw: RawOperation): Promise<ParsedOperation | InvalidOperation> {
  let parse
  try {
    ;({ parse } = await loadGraphQL())
  } catch {
    // Not remembered: installing graphql fixes it without a restart of the cache.
    return invalid(graphQLUnavailableReason())
  }
  let outcome: ParseOutcome
  try {
    outcome = operationsOfDocument(parse(raw.query, { noLocation: true }))
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
  const operations = outcome
  const chosen =
    raw.operationName === undefined
      ? operations.length === 1
        ? operations[0]
        : undefined
      : operations.find((operation) => operation.operationName === raw.operationName)
  if (chosen === undefined) {
    if (operations.length === 0) return invalid('the GraphQL document has no operation (only fragments?).')
    if (raw.operationName === undefined) {
      return invalid(`the GraphQL document has ${operations.length} operations but the request names none; send "operationName".`)
    }
    return invalid(`"operationName" is "${raw.operationName}", but the GraphQL document has no operation of that name.`)
  }
  return { kind: 'operation', operationType: chosen.operationType, operationName: chosen.operationName, query: raw.query, variables: raw.variables }
}
