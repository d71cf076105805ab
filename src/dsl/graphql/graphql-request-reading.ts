import type { RequestContext } from '../../kernel/index.js'
import type { GraphQLRequestState } from './graphql-operation.js'
import { readGraphQLPayload } from './graphql-request-reader.js'
import { parseOperation } from './parse-operation.js'

// What a GraphQL request runs: the reader that turns it into its GraphQL view (JSON, search params, multipart
// uploads, batches), the parser front, the channel's keys for the view, GraphQL handlers' matching and answering,
// and content negotiation. Loaded as one chunk by the first request that may carry GraphQL
// (graphql-request-state.ts), so an import of mocklib, and a process that never sees GraphQL traffic, do not
// pay for it, and the first GraphQL request loads one file for all of it.
export { parseOperation }
export { negotiateContentType } from './content-negotiation.js'
export { answer, matchOperation, parse, predicate, run } from './graphql-handler-answering.js'
export { requestKeys } from './graphql-request-keys.js'

/**
 * Reads and parses the GraphQL operation(s) of a request; `settle` records
 * the outcome where handlers read it synchronously.
 *
 * @example
 * const state = await readRequestState(context, (context, state) => state)
 */
export async function readRequestState(
  context: RequestContext,
  settle: (context: RequestContext, state: GraphQLRequestState) => GraphQLRequestState,
): Promise<GraphQLRequestState> {
  let payload
  try {
    payload = await readGraphQLPayload(context)
  } catch {
    // An unreadable body (already consumed, aborted stream) cannot be GraphQL we can match.
    return settle(context, null)
  }
  if (payload === null) return settle(context, null)
  if (payload.kind === 'batch') return settle(context, { kind: 'batch', items: await Promise.all(payload.items.map(parseOperation)) })
  const parsed = parseOperation(payload)
  return settle(context, parsed instanceof Promise ? await parsed : parsed)
}
