import type { RequestContext } from '../../kernel/index.js'
import type { GraphQLRequestState, InvalidOperation, ParsedOperation } from './graphql-operation.js'
import { readGraphQLPayload } from './graphql-request-reader.js'
import { parseOperation } from './parse-operation.js'

const STATE = Symbol('mocklib graphql request state')
const SETTLED = Symbol('mocklib settled graphql request state')

/** `settledRequestState` before the state is known. */
export const PENDING: unique symbol = Symbol('pending')

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
  settledBox(context).state = state
  context.memo(STATE, () => Promise.resolve(state))
}

/**
 * The GraphQL view of a request once it is known, synchronously, or `PENDING`:
 * handlers asked after the channel read the request match without a promise.
 *
 * @example
 * const state = settledRequestState(context)
 * if (state === PENDING) return graphQLRequestState(context).then(matchState)
 */
export function settledRequestState(context: RequestContext): GraphQLRequestState | typeof PENDING {
  return settledBox(context).state
}

function settledBox(context: RequestContext): { state: GraphQLRequestState | typeof PENDING } {
  return context.memo(SETTLED, newBox)
}

function newBox(): { state: GraphQLRequestState | typeof PENDING } {
  return { state: PENDING }
}

async function computeState(context: RequestContext): Promise<GraphQLRequestState> {
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

function settle(context: RequestContext, state: GraphQLRequestState): GraphQLRequestState {
  settledBox(context).state = state
  return state
}
