import type { RequestContext } from '../../kernel/index.js'

// Kept apart from the reader: the GraphQL channel asks this of every request, synchronously, while the
// reader is loaded only by the first request that may be GraphQL (graphql-request-state.ts).

/**
 * A synchronous first look at method and search params only: false means
 * "certainly not GraphQL over HTTP". Any POST with a body may be (as msw,
 * whatever its content type); the GraphQL channel asks only when the list
 * holds GraphQL handlers, so REST-only lists never read a body.
 *
 * @example
 * mayCarryGraphQL(contextOf(new Request('https://x.test/posts'))) // false
 */
export function mayCarryGraphQL(context: RequestContext): boolean {
  if (context.method === 'GET') return context.url.searchParams.has('query')
  return context.method === 'POST' && context.request.body !== null
}
