import { graphQLUnavailableReason, loadGraphQL } from './graphql-module.js'
import { invalid, type InvalidOperation, type ParsedOperation, type RawOperation } from './graphql-operation.js'
import { operationsOfDocument } from './document-operation.js'

/**
 * Parses the query of one operation with the `graphql` package (loaded now, on
 * first use) and picks the operation to run: the one named by `operationName`,
 * else the only one. Anything unusable becomes an `InvalidOperation` whose
 * reason quotes the parse error.
 *
 * @example
 * await parseOperation({ kind: 'raw', query: '{ a }', variables: {}, operationName: undefined }) // { kind: 'operation', operationType: 'query', … }
 */
export async function parseOperation(raw: RawOperation | InvalidOperation): Promise<ParsedOperation | InvalidOperation> {
  if (raw.kind === 'invalid') return raw
  let parse
  try {
    ;({ parse } = await loadGraphQL())
  } catch {
    return invalid(graphQLUnavailableReason())
  }
  let document
  try {
    document = parse(raw.query, { noLocation: true })
  } catch (error) {
    return invalid(`the GraphQL query does not parse: ${(error as Error).message}`)
  }
  const operations = operationsOfDocument(document)
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
  return { kind: 'operation', ...chosen, query: raw.query, variables: raw.variables }
}
