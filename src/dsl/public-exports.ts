// The one list of mocklib's public handler and response API: the `mocklib` entry and the dsl barrel
// re-export it whole, so a new public name is written here once.
export { http, HttpMethods } from './http/http.js'
export { HttpHandler, type HttpHandlerInfo, type HttpHandlerMethod, type HttpRequestParsedResult } from './http/http-handler.js'
export { getResponse, type ExecutionResult, type LogArgs, type ParseArgs, type PredicateArgs, type ResolutionContext, type RunArgs } from './shared/msw-handler-protocol.js'
export type { HttpPredicate, HttpPredicateInfo, HttpPredicateResult } from './http/http-predicate.js'
export type {
  HttpHandlerFactory,
  HttpResolver,
  HttpResolverInfo,
  ParamsShape,
  ResolverResponse,
  ResolverResult,
} from './http/http-types.js'
export type { PathParams } from './http/path-params.js'
export type { MockTypeError } from './shared/type-helpers.js'
export type { DefaultBodyType, JsonBodyType, StrictRequest } from './response/body-types.js'
export { bypass, passthrough } from './response/real-network.js'
export { delay } from './response/delay.js'
export { HttpResponse, type HttpResponseConstructor, type HttpResponseInit } from './response/http-response.js'
export { cookieJar, CookieJar } from './response/cookie-jar.js'
export type { FinalizeFunction } from './shared/resolver-runner.js'
export { graphql, type GraphQLLink } from './graphql/graphql.js'
export { GraphQLSubscriptionHandler } from './graphql/subscription-handler.js'
export type {
  GraphQLSubscriptionHandlerFactory,
  GraphQLSubscriptionResolver,
  GraphQLSubscriptionResolverInfo,
  GraphQLSubscriptionResult,
  GraphQLSubscriptionStream,
  GraphQLSubscriptionTransport,
} from './graphql/subscription-types.js'
export { GraphQLHandler, type GraphQLHandlerInfo, type GraphQLHandlerOperationType, type GraphQLHandlerTarget, type GraphQLRequestParsedResult } from './graphql/graphql-handler.js'
export type { GraphQLPredicate, GraphQLPredicateInfo, GraphQLPredicateResult } from './graphql/operation-selector.js'
export { executeGraphQL, resolveWithSchema, type ExecuteGraphQLOptions, type MockSchema } from './graphql/execute-graphql.js'
export type { GraphQLOperationType } from './graphql/graphql-operation.js'
export type {
  GraphQLAnyOperationHandlerFactory,
  GraphQLDocumentLike,
  GraphQLErrorItem,
  GraphQLOperationHandlerFactory,
  GraphQLOperationSelector,
  GraphQLResolver,
  GraphQLResolverInfo,
  GraphQLResolverResponse,
  GraphQLResolverResult,
  GraphQLResponseBody,
  GraphQLVariables,
  ResultOfDocument,
  TypedDocumentDecoration,
  VariablesOfDocument,
} from './graphql/graphql-types.js'
export {
  mock,
  MOCK_CALL_HISTORY_LIMIT,
  MockHandler,
  RestMock,
  GraphQLMock,
  type AlreadyAnswered,
  type BodyAlreadySet,
  type GraphQLMockBuilder,
  type GraphQLMockCall,
  type GraphQLMockFactory,
  type VariablesMatcher,
  type BodyMatcher,
  type BodyMatchOptions,
  type CookiesMatcher,
  type DeepMatcher,
  type HeadersMatcher,
  type MockAssertions,
  type PendingMock,
  type MockCall,
  type MockDiagnosis,
  type MockStepName,
  type LimitGuard,
  type LimitSet,
  type LimitState,
  type MisuseGuards,
  type OneLimit,
  type QueryMatcher,
  type ReplyBody,
  type Resolved,
  type RestBodyStep,
  type RestMockBuilder,
  type RestMockFactory,
  type RestReplyStep,
  type StepAfterAnswer,
  type TimesCount,
  type UnhandledRequestRecord,
  type Unset,
  type ValueMatcher,
} from './mock/index.js'
export {
  ForwardedEventSource,
  ServerSentEventClient,
  ServerSentEventServer,
  sse,
  type ServerSentEventHandlerFactory,
  type ServerSentEventMap,
  type ServerSentEventMessage,
  type ServerSentEventResolver,
  type ServerSentEventResolverInfo,
} from './sse/index.js'
// Deep path: the record barrel also leads to the recorder, which only record() needs.
export { fromHar, type FromHarOptions } from './record/har-replay.js'
export type { Har, HarEntry, HarRequestKey, RedactOptions, RecordOptions } from './record/index.js'
export {
  ws,
  WebSocketClient,
  WebSocketHandler,
  WebSocketServer,
  type IncomingOf,
  type JsonValue,
  type OutgoingOf,
  type RawMessageTypes,
  type WebSocketClientEventMap,
  type WebSocketCloseEvent,
  type WebSocketConnectionInfo,
  type WebSocketEvent,
  type WebSocketConnectionInfoArgument,
  type WebSocketConnectionListener,
  type WebSocketData,
  type WebSocketLike,
  type WebSocketLink,
  type WebSocketLinkFactory,
  type WebSocketLinkOptions,
  type WebSocketListenerOptions,
  type WebSocketMessageEvent,
  type WebSocketMessageTypes,
  type WebSocketParams,
  type WebSocketServerEventMap,
  type WebSocketCloseRecord,
  type WebSocketConnectionRecord,
  type WebSocketHandlerOptions,
  type WebSocketMessageRecord,
} from './ws/index.js'
