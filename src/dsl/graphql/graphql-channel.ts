import type { Answered, Channel, Redispatch, RequestContext } from '../../kernel/index.js'
import { onFirstUse } from '../../kernel/on-first-use.js'
import { mayCarryGraphQL } from './graphql-request-shape.js'
import { graphQLRequestKeys } from './graphql-request-state.js'

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
 * this.indexKey = { channel: graphQLChannel, key: operationKey('query', 'ListPosts') } // operation-key.ts
 */
export const graphQLChannel: Channel<RequestContext> = {
  name: 'graphql',
  whenUnanswered: answerBatch,
  requestKeys(context: RequestContext): Promise<readonly string[] | null> | null {
    // Decided synchronously for most REST traffic: no promise, no body read.
    return mayCarryGraphQL(context) ? graphQLRequestKeys(context) : null
  },
}

// What splits a batch loads with the first batched request (most projects send none):
// `import 'mocklib'` does not compile it, and once loaded a batch calls it directly.
const batches = /* @__PURE__ */ onFirstUse(() => import('./graphql-batch.js'))

/** A request no handler answered as a whole may be a batch (a JSON array of operations): its parts are answered one by one. */
function answerBatch(context: RequestContext, redispatch: Redispatch<RequestContext>): Promise<Answered | undefined> | undefined {
  if (!mayCarryGraphQL(context)) return undefined
  return batches.use((module) => module.answerBatch(context, redispatch))
}
