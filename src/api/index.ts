/**
 * mocklib: answer an application's HTTP and GraphQL requests from request handlers.
 * @packageDocumentation
 */
export * from '../dsl/public-exports.js'
export { TRAFFIC_LIMITS } from '../dsl/index.js'
export {
  isHandler,
  RequestHandler,
  type ExceptionEventInfo,
  type Handler,
  type HandlerInfo,
  type HandlerOptions,
  type HandlerResult,
  type LifecycleEventMap,
  type LifecycleEvents,
  type LifecycleListener,
  type RequestEventInfo,
  type ResponseEventInfo,
  type UnhandledRequestPrint,
  type UnhandledRequestStrategy,
} from '../kernel/index.js'
