import type { Answered, Channel, Redispatch, RequestContext } from '../../kernel/index.js'
import { onFirstUse } from '../../kernel/on-first-use.js'
import type { GraphQLOperationType } from './graphql-operation.js'
import { mayCarryGraphQL } from './graphql-request-shape.js'
import { graphQLRequestState } from './graphql-request-state.js'

/** Wildcard key part: "any operation type" or "any operation name". */
export const ANY = '*'

/**
 * The key a GraphQL handler files itself under: `query ListPosts`, `mutation *`, `* *`.
 *
 * @example
 * operationKey('query', 'ListPosts') // 'query ListPosts'
 */
export function operationKey(operationType: GraphQLOperationType | typeof ANY, operationName: string | typeof ANY): string {
  return `${operationType} ${operationName}`
}

/**
 * GraphQL handlers are filed by operation type and name. A named operation
 * looks up three keys (its own, its type with any name for RegExp selectors,
 * and `* *` for `graphql.operation`); an anonymous one looks up `* *` only.
 * Lookup cost is flat in the number of handlers.
 *
 * Requests that are not GraphQL over HTTP give `null` before any body is
 * read. A request that looks like GraphQL but cannot be used gives `null` too,
 * and leaves a note saying why for the unhandled-request message.
 *
 * @example
 * this.indexKey = { channel: graphQLChannel, key: operationKey('query', 'ListPosts') }
 */
export const graphQLChannel: Channel<RequestContext> = {
  name: 'graphql',
  whenUnanswered: answerBatch,
  requestKeys(context: RequestContext): Promise<readonly string[] | null> | null {
    // Decided synchronously for most REST traffic: no promise, no body read.
    return mayCarryGraphQL(context) ? keysOf(context) : null
  },
}

async function keysOf(context: RequestContext): Promise<readonly string[] | null> {
  const state = await graphQLRequestState(context)
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

// What splits a batch loads with the first batched request (most projects send none):
// `import 'mocklib'` does not compile it, and once loaded a batch calls it directly.
const batches = onFirstUse(() => import('./graphql-batch.js'))

/** A request no handler answered as a whole may be a batch (a JSON array of operations): its parts are answered one by one. */
function answerBatch(context: RequestContext, redispatch: Redispatch<RequestContext>): Promise<Answered | undefined> | undefined {
  if (!mayCarryGraphQL(context)) return undefined
  const loaded = batches.loaded
  return loaded !== undefined ? loaded.answerBatch(context, redispatch) : batches.load().then((module) => module.answerBatch(context, redispatch))
}
