import type { Handler, HandlerList, RequestContext, TrafficObserver } from '../../../kernel/index.js'
import { MockHandler } from '../mock-handler.js'
import { scopeTraffic } from './scope-traffic.js'

const loadingMocks = new WeakMap<HandlerList, readonly MockHandler[]>()

/** The mocks of `list` with asynchronous steps (body, GraphQL operation). */
function mocksThatLoad(list: HandlerList): readonly MockHandler[] {
  let mocks = loadingMocks.get(list)
  if (mocks === undefined) {
    mocks = list.handlers.filter((handler): handler is MockHandler => handler instanceof MockHandler && handler.loads)
    loadingMocks.set(list, mocks)
  }
  return mocks
}

function record(context: RequestContext, handler: Handler | undefined): void {
  const traffic = scopeTraffic(context.scope)
  traffic.addRequest(context, handler)
  if (handler === undefined) traffic.addUnhandled(context)
  // Read what asynchronous steps need (a clone of the body…) now if no mock did, so that
  // assertDone() can say why such a step rejected the request. Reads are shared and done once.
  for (const mock of mocksThatLoad(context.scope.list)) if (!mock.isDone()) mock.prefetch(context)
}

/**
 * The traffic observer behind request history and assertions: records each
 * request in the scope it was made in (see `ScopeTraffic` for the bounds).
 * Add it to a runtime's `Runtime.observers`.
 *
 * @example
 * core.observers.add(createTrafficRecorder())
 */
export function createTrafficRecorder(): TrafficObserver {
  return {
    onHandled: (context, handler) => record(context, handler),
    onUnhandled: (context) => record(context, undefined),
  }
}
