import { createRequestId, HandlerScope, RequestContext, type HttpExchange } from '../../kernel/index.js'

// The request contexts of msw's handler methods, which receive only a `Request`:
// kept apart from msw-handler-run.ts, which loads on first use, because the
// handlers' own paths read them (`ParsedMatch`) and dispatch records them.

const contexts = new WeakMap<Request, RequestContext>()

/**
 * The request context of `request`: the one dispatch is matching it with, or
 * a new one for a request handed in by a caller (as `getResponse` makes).
 *
 * @example
 * const context = contextOf(args.request)
 */
export function contextOf(request: Request, requestId?: string): RequestContext {
  let context = contexts.get(request)
  if (context === undefined) {
    context = new RequestContext(detachedExchange(request, requestId ?? createRequestId()), new HandlerScope([]), undefined, request)
    contexts.set(request, context)
  }
  return context
}

/**
 * Lets the msw methods of a subclass, which receive only the request, find
 * the context dispatch made for it.
 *
 * @example
 * rememberContext(context)
 */
export function rememberContext(context: RequestContext): Request {
  const { request } = context
  if (!contexts.has(request)) contexts.set(request, context)
  return request
}

function detachedExchange(request: Request, id: string): HttpExchange {
  const unused = () => {
    throw new Error('[mocklib] A request handed to handler.run() or handler.test() is answered through their return value.')
  }
  return { kind: 'http', id, request, respondWith: unused, errorWith: unused, passthrough: unused }
}

/**
 * A match found through a subclass's `parse`/`predicate`: the kernel's match
 * value then carries msw's parsed result.
 *
 * @example
 * return (await handler.predicate({ request, parsedResult })) ? new ParsedMatch(parsedResult) : undefined
 */
export class ParsedMatch<ParsedResult> {
  constructor(readonly parsedResult: ParsedResult) {}
}
