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
} from './events.js'
export { brandAsHandler, isHandler, RequestHandler, type HandlerInfo, type HandlerOptions, type HandlerResult } from './handler.js'
export { HandlerList } from './handler-list.js'
export { HandlerScope } from './handler-scope.js'
export { onFirstUse, type OnFirstUse } from './on-first-use.js'
export { BYPASS_HEADER, bypassValue, bypassMarkOf, isPassthrough, markPassthrough, ownCall } from './passthrough.js'
export { RequestContext } from './request-context.js'
export { createRequestId } from './request-id.js'
export { createResponseMark, type ResponseMark } from './response-mark.js'
export { createRuntime, type Runtime, type RuntimeOptions, type RuntimeStartOptions } from './runtime.js'
export { createSingleScopeStore, type ScopeStore } from './scope-store.js'
export type { CompletedExchange, TrafficObserver } from './traffic-observer.js'
export {
  applyUnhandledPolicy,
  type UnhandledPolicyOptions,
  type UnhandledRequestPrint,
  type UnhandledRequestStrategy,
  type UnhandledVerdict,
} from './unhandled-policy.js'
export { acceptLateErrors, ConnectionContext, dispatchConnection, reportLateError, type ConnectionObserver } from './websocket-dispatch.js'
// For the api's runtimes: gates that load their mechanism on first use, and the body a response was
// built from (the mock server's journal). What only Node uses is exported by node/index.ts instead:
// a name here joins the chunk every entry loads.
export { answerChecking, prepareAnswerChecking } from './answer-checking-on-demand.js'
export { unhandledPolicyReady } from './unhandled-policy.js'
export { knownBodyOf } from './known-body.js'
