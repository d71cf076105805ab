import type { RequestContext } from '../../kernel/index.js'
import type { GraphQLRequestState } from './graphql-operation.js'
import { readGraphQLPayload } from './graphql-request-reader.js'
import { parseOperation } from './parse-operation.js'

// What turns a request into its GraphQL view: the reader (JSON, search params, multipart uploads, batches),
// the parser front, and the channel's keys for the view. Loaded by the first request that may carry GraphQL (graphql-request-state.ts), so
// an import of mocklib, and a process that never sees GraphQL traffic, do not pay for it.
export { parseOperation }
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
