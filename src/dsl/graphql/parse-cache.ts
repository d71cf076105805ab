import type { DocumentOperation } from './document-operation.js'

/** What parsing a query gave: its operations, or why it does not parse. */
export type ParseOutcome = readonly DocumentOperation[] | { readonly error: string }

/** Bounds: a test suite repeats a few hundred queries at most; a hostile client must not grow memory. */
const MAX_ENTRIES = 500
const MAX_CHARACTERS = 2_000_000

const outcomes = new Map<string, ParseOutcome>()
let characters = 0

/**
 * Parse outcomes by query text: an application sends the same few queries
 * again and again, and `graphql`'s `parse` is the dearest step of reading
 * one. The outcome depends on the text only, so a hit is exact. Bounded in
 * entries and characters; the oldest entries go first.
 *
 * @example
 * const known = cachedParse(query) ?? rememberParse(query, operationsOfDocument(parse(query)))
 */
export function cachedParse(query: string): ParseOutcome | undefined {
  return outcomes.get(query)
}

/**
 * Stores the outcome of parsing `query` and answers it.
 *
 * @example
 * rememberParse('{ a }', [{ operationType: 'query', operationName: undefined }])
 */
export function rememberParse(query: string, outcome: ParseOutcome): ParseOutcome {
  if (query.length > MAX_CHARACTERS / 4 || outcomes.has(query)) return outcome
  while (outcomes.size >= MAX_ENTRIES || characters + query.length > MAX_CHARACTERS) {
    const oldest = outcomes.keys().next().value as string
    outcomes.delete(oldest)
    characters -= oldest.length
  }
  outcomes.set(query, outcome)
  characters += query.length
  return outcome
}
