import type { RequestContext } from '../../kernel/index.js'
import type { GraphQLRequestState, InvalidOperation, ParsedOperation } from './graphql-operation.js'
import { readGraphQLPayload } from './graphql-request-reader.js'
import { parseOperation } from './parse-operation.js'

const STATE = Symbol('mocklib graphql request state')

/**
 * The GraphQL view of a request, computed once per request and shared by the
 * GraphQL channel, the batch splitter and every GraphQL handler.
 *
 * @example
 * const state = await graphQLRequestState(context)
 * if (state?.kind === 'operation') state.operationName
 */
export function graphQLRequestState(context: RequestContext): Promise<GraphQLRequestState> {
  return context.memo(STATE, computeState)
}

/**
 * Gives a part of a batch its already parsed operation.
 *
 * @example
 * seedRequestState(context.fork(partRequest), parsedItem)
 */
export function seedRequestState(context: RequestContext, state: ParsedOperation | InvalidOperation): void {
  context.memo(STATE, () => Promise.resolve(state))
}

async function computeState(context: RequestContext): Promise<GraphQLRequestState> {
  let payload
  try {
    payload = await readGraphQLPayload(context)
  } catch {
    // An unreadable body (already consumed, aborted stream) cannot be GraphQL we can match.
    return null
  }
  if (payload === null) return null
  if (payload.kind === 'batch') return { kind: 'batch', items: await Promise.all(payload.items.map(parseOperation)) }
  return parseOperation(payload)
}
