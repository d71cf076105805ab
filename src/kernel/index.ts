export type { Channel, IndexKey } from './channel.js'
export { decodeComponentSafely, parseCookieHeader } from './cookies.js'
export { dispatch, ResolverError, type HandlerMatch } from './dispatch.js'
export { exceptionResponse, message, PREFIX } from './errors.js'
export {
  LifecycleEmitter,
  type ExceptionEventInfo,
  type LifecycleEventMap,
  type LifecycleEvents,
  type LifecycleListener,
  type RequestEventInfo,
  type ResponseEventInfo,
} from './events.js'
export { RequestHandler, type HandlerInfo, type HandlerOptions, type HandlerResult } from './handler.js'
export { HandlerList } from './handler-list.js'
export { HandlerScope } from './handler-scope.js'
export { createRequestId, MockingCore, type MockingCoreOptions, type Resolution } from './mocking-core.js'
export { BYPASS_HEADER, isPassthrough, markPassthrough, OWN_CALL } from './passthrough.js'
export { RequestContext } from './request-context.js'
export { createResponseMark, type ResponseMark } from './response-mark.js'
export { rememberSetCookies, setCookiesOf } from './response-cookies.js'
export { dispatchSplittable, type PartOutcome, type RequestSplit, type RequestSplitter } from './request-splitter.js'
export { createSingleScopeStore, type ScopeStore } from './scope-store.js'
export type { TrafficObserver } from './traffic-observer.js'
export {
  applyUnhandledPolicy,
  unhandledErrorText,
  unhandledWarningText,
  type UnhandledRequestPrint,
  type UnhandledRequestStrategy,
} from './unhandled-policy.js'
