export type { AnswerCheck, AnswerProblem, CheckedAnswer, ReportingAnswerCheck } from './answer-check.js'
export {
  HANDLER_BRAND,
  type Answered,
  type Channel,
  type Exchange,
  type ExchangeContext,
  type ExchangeKind,
  type ExchangeSink,
  type Handler,
  type HttpExchange,
  type IndexKey,
  type PartOutcome,
  type Redispatch,
  type Source,
  type StartingSource,
  type WebSocketExchange,
} from './contracts.js'
export { decodeComponentSafely, parseCookieHeader, setCookieValues } from './cookies.js'
export { dispatch, ResolverError, type DispatchOutcome } from './dispatch.js'
export { exceptionResponse, message, PREFIX } from './errors.js'
export {
  LifecycleEmitter,
  type ExceptionEventInfo,
  type LifecycleEventMap,
  type LifecycleEvents,
  type LifecycleListener,
  type RequestEventInfo,
  type ResponseEventInfo,
  type CompletedExchange,
  type TrafficObserver,
} from './events.js'
export { brandAsHandler, isHandler, RequestHandler, type HandlerInfo, type HandlerOptions, type HandlerResult } from './handler.js'
export { HandlerList } from './handler-list.js'
export { HandlerScope } from './handler-scope.js'
export { answerChecking, prepareAnswerChecking } from './http-flow.js'
export { onFirstUse, type OnFirstUse } from './on-first-use.js'
export { BYPASS_HEADER, bypassValue, bypassMarkOf, createResponseMark, isPassthrough, markPassthrough, ownCall, type ResponseMark } from './passthrough.js'
export { createRequestId, RequestContext } from './request-context.js'
export { createRuntime, type Runtime, type RuntimeOptions, type RuntimeStartOptions } from './runtime.js'
export { createSingleScopeStore, type ScopeStore } from './scope-store.js'
export { applyUnhandledPolicy, unhandledPolicyReady } from './unhandled-policy.js'
export type { UnhandledPolicyOptions, UnhandledRequestPrint, UnhandledRequestStrategy, UnhandledVerdict } from './unhandled-report.js'
export { acceptLateErrors, ConnectionContext, dispatchConnection, reportLateError, type ConnectionObserver } from './websocket-dispatch.js'
export { knownBodyOf } from './known-body.js'
