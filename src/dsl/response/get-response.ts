import { createRequestId, dispatchSplittable, exceptionResponse, HandlerScope, isPassthrough, RequestContext, ResolverError, type RequestHandler } from '../../kernel/index.js'

/**
 * Resolves a request against handlers without intercepting anything: useful
 * in a custom server or a test of handlers. Returns `undefined` when no
 * handler answers (or one answers `passthrough()`). A resolver that throws
 * gives the same 500 response a client would get.
 *
 * @example
 * const response = await getResponse([http.get('/ping', () => HttpResponse.text('pong'))], new Request('http://localhost/ping'))
 * // GraphQL requests (also batched ones) resolve the same way:
 * await getResponse([graphql.query('ListPosts', () => HttpResponse.json({ data: { posts: [] } }))], graphqlRequest)
 */
export async function getResponse(handlers: readonly RequestHandler[], request: Request): Promise<Response | undefined> {
  const scope = new HandlerScope(handlers)
  const context = new RequestContext(request, createRequestId(), scope)
  try {
    const match = await dispatchSplittable(scope.list, context)
    if (match === undefined || isPassthrough(match.response)) return undefined
    return match.response
  } catch (error) {
    if (error instanceof ResolverError) return exceptionResponse(error.thrown)
    throw error
  }
}
