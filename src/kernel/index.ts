export type { AnswerCheck, AnswerProblem, CheckedAnswer, ReportingAnswerCheck } from './answer-check.js'
export {
  type Answered,
  type Channel,
  type ExchangeContext,
  type ExchangeSink,
  type Handler,
  type HandlerInfo,
  type HttpExchange,
  type IndexKey,
  type PartOutcome,
  type Redispatch,
  type Source,
  type StartingSource,
  type WebSocketExchange,
} from './contracts.js'
export { decodeComponentSafely, parseCookieHeader, setCookieValues } from './cookies.js'
export { dispatch, ResolverError } from './dispatch.js'
export { exceptionResponse, message, PREFIX } from './errors.js'
export {
  type ExceptionEventInfo,
  type LifecycleEventMap,
  type LifecycleEvents,
  type LifecycleListener,
  type RequestEventInfo,
  type ResponseEventInfo,
  type CompletedExchange,
  type TrafficObserver,
} from './events.js'
export { brandAsHandler, isHandler, RequestHandler, type HandlerOptions, type HandlerResult } from './handler.js'
export { HandlerList } from './handler-list.js'
export { HandlerScope } from './handler-scope.js'
export { answerChecking, prepareAnswerChecking } from './http-flow.js'
export { onFirstUse } from './on-first-use.js'
export { BYPASS_HEADER, bypassValue, createResponseMark, isPassthrough, markPassthrough } from './passthrough.js'
export { createRequestId, RequestContext } from './request-context.js'
export { createRuntime, type Runtime } from './runtime.js'
export { createSingleScopeStore, type ScopeStore } from './scope-store.js'
export { unhandledPolicyReady } from './unhandled-policy.js'
export type { UnhandledRequestPrint, UnhandledRequestStrategy } from './unhandled-report.js'
export { ConnectionContext, reportLateError, type ConnectionObserver } from './websocket-dispatch.js'
export { knownBodyOf, NULL_BODY_STATUSES } from './known-body.js'
