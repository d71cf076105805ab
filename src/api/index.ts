/**
 * mocklib: describe the network with request handlers and answer an
 * application's HTTP and GraphQL requests from them.
 *
 * @packageDocumentation
 */
export {
  bypass,
  delay,
  getResponse,
  http,
  HttpHandler,
  HttpResponse,
  passthrough,
  type DefaultBodyType,
  type HttpHandlerFactory,
  type HttpPredicate,
  type HttpPredicateInfo,
  type HttpResolver,
  type HttpResolverInfo,
  type HttpResponseInit,
  type JsonBodyType,
  type ParamsShape,
  type PathParams,
  type ResolverResponse,
  type ResolverResult,
  type StrictRequest,
} from '../dsl/index.js'
export {
  RequestHandler,
  type ExceptionEventInfo,
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
