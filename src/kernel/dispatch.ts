import type { RequestHandler } from './handler.js'
import type { HandlerList } from './handler-list.js'
import type { RequestContext } from './request-context.js'

/** The handler that answered and its answer. */
export interface HandlerMatch {
  readonly handler: RequestHandler
  readonly response: Response
}

/** Thrown by `dispatch` when a resolver throws; carries the handler for events. */
export class ResolverError extends Error {
  constructor(
    readonly handler: RequestHandler,
    readonly thrown: unknown,
  ) {
    super('resolver threw', { cause: thrown })
  }
}

/**
 * Runs the candidate handlers of one request in list order until one answers.
 * A handler that answers nothing gives its claimed use back (fall through).
 * Returns `undefined` when no handler answered.
 */
export async function dispatch(list: HandlerList, context: RequestContext): Promise<HandlerMatch | undefined> {
  const found = list.candidates(context)
  const positions = found instanceof Promise ? await found : found
  const { handlers } = list
  for (const position of positions) {
    const handler = handlers[position]!
    if (!handler.claim()) continue
    let response: Response | undefined
    try {
      const result = handler.handle(context)
      response = result instanceof Promise ? await result : result
    } catch (error) {
      if (error instanceof Response) return { handler, response: error }
      throw new ResolverError(handler, error)
    }
    if (response !== undefined) return { handler, response }
    handler.unclaim()
  }
  return undefined
}
