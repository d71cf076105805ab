import { createRequestId, dispatch, exceptionResponse, HandlerScope, isPassthrough, RequestContext, ResolverError, type Handler, type HttpExchange } from '../../kernel/index.js'

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
export async function getResponse(handlers: readonly Handler[], request: Request): Promise<Response | undefined> {
  const scope = new HandlerScope(handlers)
  const context = new RequestContext(detachedExchange(request), scope)
  try {
    const outcome = await dispatch(scope.list, context)
    if (outcome.kind !== 'answered' || isPassthrough(outcome.response)) return undefined
    return outcome.response
  } catch (error) {
    if (error instanceof ResolverError) return exceptionResponse(error.thrown)
    throw error
  }
}

/** An exchange no source made: `getResponse` reads the outcome of the dispatch instead. */
function detachedExchange(request: Request): HttpExchange {
  const unused = () => {
    throw new Error('getResponse() answers through its return value')
  }
  return { kind: 'http', id: createRequestId(), request, respondWith: unused, errorWith: unused, passthrough: unused }
}
