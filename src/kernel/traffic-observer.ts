import type { Handler } from './contracts.js'
import type { HandlerScope } from './handler-scope.js'
import type { RequestContext } from './request-context.js'

/**
 * An exchange once the client has its answer, as recording sees it.
 * `request` is an unread copy of the request as the client sent it;
 * `response` a copy of what the client got (`undefined`: a network error).
 */
export interface CompletedExchange {
  readonly id: string
  readonly request: Request
  readonly response: Response | undefined
  readonly outcome: 'mocked' | 'passthrough' | 'bypass' | 'unhandled'
  /** `Date.now()` when the request started. */
  readonly startedAt: number
  /** Milliseconds until the response head. */
  readonly durationMs: number
  /** The scope (root or boundary) the request was made in. */
  readonly scope: HandlerScope
  /** Why there is no response: the unhandled-request policy refused it, or the network failed. */
  readonly failure?: 'policy' | 'network'
}

/**
 * A hook for layers that observe traffic: request history and assertions
 * (`onHandled`/`onUnhandled`), recording (`onCompleted`). Observers see every
 * exchange a runtime resolves, in the scope it was made in; a runtime without
 * observers pays nothing for the hook, and only `onCompleted` makes the
 * runtime copy requests and responses.
 */
export interface TrafficObserver {
  /** A handler answered the request (including with `passthrough()`). */
  onHandled?(context: RequestContext, handler: Handler, response: Response): void
  /** No handler answered the request. */
  onUnhandled?(context: RequestContext): void
  /** The client has its answer (see `CompletedExchange`). */
  onCompleted?(exchange: CompletedExchange): void
}
