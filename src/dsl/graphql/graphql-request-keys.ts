import type { RequestContext } from '../../kernel/index.js'
import type { GraphQLRequestState } from './graphql-operation.js'
import { ANY, operationKey } from './operation-key.js'

/**
 * The keys the GraphQL channel looks a request up under, from its GraphQL
 * view (graphql-request-state.ts): a named operation's own, its type with any
 * name (RegExp and predicate selectors) and `* *` (`graphql.operation`); an
 * anonymous one `* *` only. `null` for a request that is not one GraphQL
 * operation; one that looks like GraphQL but cannot be used leaves a note
 * saying why, for the unhandled-request message.
 *
 * @example
 * requestKeys(await graphQLRequestState(context), context) // ['query ListPosts', 'query *', '* *']
 */
export function requestKeys(state: GraphQLRequestState, context: RequestContext): readonly string[] | null {
  if (state === null || state.kind === 'batch') return null
  if (state.kind === 'invalid') {
    context.addNote(`This looks like a GraphQL request, but ${state.reason}`)
    return null
  }
  const everything = operationKey(ANY, ANY)
  // Only printed if no handler answers: it names what a handler would have to match.
  if (state.operationName === undefined) {
    context.addNote(`It is an anonymous GraphQL ${state.operationType}; only graphql.operation() handlers match anonymous operations.`)
    return [everything]
  }
  context.addNote(`It is the GraphQL ${state.operationType} "${state.operationName}"; match it with graphql.${state.operationType}('${state.operationName}', resolver).`)
  return [operationKey(state.operationType, state.operationName), operationKey(state.operationType, ANY), everything]
}
