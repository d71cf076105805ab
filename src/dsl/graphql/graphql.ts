import type { HandlerOptions } from '../../kernel/index.js'
import type { HttpPredicate } from '../http/http-predicate.js'
import { compileEndpoint, GraphQLHandler, type GraphQLEndpoint } from './graphql-handler.js'
import type { GraphQLAnyOperationHandlerFactory, GraphQLOperationHandlerFactory } from './graphql-types.js'
import { GraphQLSubscriptionHandler } from './subscription-handler.js'
import type { GraphQLSubscriptionHandlerFactory } from './subscription-types.js'

/**
 * The handler factories of one GraphQL endpoint, returned by `graphql.link(url)`.
 *
 * @example
 * const github = graphql.link('https://api.github.com/graphql')
 * github.query('GetUser', () => HttpResponse.json({ data: { user: { login: 'octocat' } } }))
 */
export interface GraphQLLink {
  readonly query: GraphQLOperationHandlerFactory
  readonly mutation: GraphQLOperationHandlerFactory
  readonly operation: GraphQLAnyOperationHandlerFactory
  /** Subscriptions over GraphQL-over-SSE and graphql-ws (`ws:`/`wss:` read as `http:`/`https:`). */
  readonly subscription: GraphQLSubscriptionHandlerFactory
}

function factoriesFor(endpoint: GraphQLEndpoint | undefined): GraphQLLink {
  return {
    query: ((selector: unknown, resolver: unknown, options?: HandlerOptions) =>
      new GraphQLHandler({ operationType: 'query', selector }, resolver, options, endpoint)) as GraphQLOperationHandlerFactory,
    mutation: ((selector: unknown, resolver: unknown, options?: HandlerOptions) =>
      new GraphQLHandler({ operationType: 'mutation', selector }, resolver, options, endpoint)) as GraphQLOperationHandlerFactory,
    operation: ((resolver: unknown, options?: HandlerOptions) =>
      new GraphQLHandler({ operationType: 'any' }, resolver, options, endpoint)) as GraphQLAnyOperationHandlerFactory,
    subscription: ((selector: unknown, resolver: unknown, options?: HandlerOptions) =>
      new GraphQLSubscriptionHandler(selector, resolver, options, endpoint)) as GraphQLSubscriptionHandlerFactory,
  }
}

// Pure (and no spread below, which a bundler must keep): an application without GraphQL handlers drops all this.
const anyEndpoint = /* @__PURE__ */ factoriesFor(undefined)

/**
 * GraphQL handler factories. `query` and `mutation` match by operation name, RegExp or
 * (typed) document; `operation` matches every operation. Without `link`, any endpoint matches.
 *
 * @example
 * import { graphql, HttpResponse } from 'mocklib'
 * const handlers = [
 *   graphql.query('ListPosts', () => HttpResponse.json({ data: { posts: [] } })),
 *   graphql.mutation('DeletePost', ({ variables }) =>
 *     HttpResponse.json({ errors: [{ message: `Post ${variables.postId} not found` }] }),
 *   ),
 *   graphql.link('https://api.example.com/graphql').operation(() => HttpResponse.json({ data: null })),
 *   graphql.subscription('OnPost', async function* () {
 *     yield { data: { onPost: { id: '1' } } }
 *   }),
 * ]
 */
export const graphql: {
  readonly query: GraphQLOperationHandlerFactory
  readonly mutation: GraphQLOperationHandlerFactory
  readonly operation: GraphQLAnyOperationHandlerFactory
  /** A subscription over graphql-ws and GraphQL over SSE, answered by an async generator of results. */
  readonly subscription: GraphQLSubscriptionHandlerFactory
  /** The same factories scoped to one endpoint: a URL pattern as in `http.*`, a RegExp or a predicate. */
  link(url: HttpPredicate): GraphQLLink
} = /* @__PURE__ */ Object.assign(anyEndpoint, {
  link: (url: HttpPredicate) => factoriesFor(compileEndpoint(url)),
})
