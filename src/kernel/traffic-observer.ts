import type { RequestHandler } from './handler.js'
import type { RequestContext } from './request-context.js'

/**
 * A hook for layers that keep request history (the fluent builder's
 * assertions). Observers see every request a runtime resolves, in the scope it
 * was made in; a runtime without observers pays nothing for the hook.
 */
export interface TrafficObserver {
  /** A handler answered the request (including with `passthrough()`). */
  onHandled?(context: RequestContext, handler: RequestHandler, response: Response): void
  /** No handler answered the request. */
  onUnhandled?(context: RequestContext): void
}
