import { message, onFirstUse, type RequestContext } from '../../kernel/index.js'
import type { GraphQLRequestState, InvalidOperation, ParsedOperation, RawOperation } from './graphql-operation.js'

/**
 * What a GraphQL request runs (graphql-request-reading.ts): the reader and
 * the parser, the channel's keys, GraphQL handlers' matching and answering,
 * content negotiation. Loaded as one chunk when the first request that may
 * be GraphQL needs it, not with `import 'mocklib'`.
 *
 * @example
 * const loaded = graphQLRequestCode.loaded ?? (await graphQLRequestCode.load())
 */
export const graphQLRequestCode = /* @__PURE__ */ onFirstUse(
  () => import('./graphql-request-reading.js'),
  (error) =>
    new Error(
      message(
        `The code that reads GraphQL requests and answers them could not be loaded (${String(error)}), so GraphQL handlers could not take this request.`,
        'If mocklib is bundled, keep the chunks it imports next to it.',
      ),
    ),
)

/**
 * Parses one operation (a graphql-ws `subscribe`, for example) with the
 * parser loaded on demand.
 *
 * @example
 * const operation = await parseRawOperation({ kind: 'raw', query: 'subscription { count }', variables: {}, operationName: undefined })
 */
export function parseRawOperation(raw: RawOperation | InvalidOperation): ParsedOperation | InvalidOperation | Promise<ParsedOperation | InvalidOperation> {
  return graphQLRequestCode.use((loaded) => loaded.parseOperation(raw))
}

/**
 * The keys the GraphQL channel looks the request up under (see
 * graphql-request-keys.ts), read with the reader loaded on demand.
 *
 * @example
 * await graphQLRequestKeys(context) // ['query ListPosts', 'query *', '* *']
 */
export async function graphQLRequestKeys(context: RequestContext): Promise<readonly string[] | null> {
  const state = await graphQLRequestState(context)
  // Loaded by now: reading the state loaded it (a part of a batch is seeded, after its batch was read).
  return (graphQLRequestCode.loaded ?? (await graphQLRequestCode.load())).requestKeys(state, context)
}

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

function computeState(context: RequestContext): Promise<GraphQLRequestState> {
  return graphQLRequestCode.use((loaded) => loaded.readRequestState(context, settle))
}

function settle(context: RequestContext, state: GraphQLRequestState): GraphQLRequestState {
  settledBox(context).state = state
  return state
}
