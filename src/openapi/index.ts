export { fromOpenApi, type FromOpenApiOptions } from './from-openapi.js'
export type { ResponseChoice } from './response-plan.js'
export type { OpenApiSource } from './read-source.js'
export type { OpenApiDocument } from './document.js'
export { contract, type ContractAnswer, type ContractExchange, type ContractOptions, type OpenApiContract, type ViolationStrategy } from './contract.js'
export type { ContractViolation, ViolationPart } from './violation.js'
export { openapi, type OpenApiHandlerFactory, type OpenApiHandlers, type OpenApiHandlersOptions } from './typed-handlers.js'
export type { OpenApiResolver, OpenApiResolverInfo } from './typed-resolver-info.js'
export { UnreadableParametersError } from './unreadable-parameters.js'
export type { AnswerBuilder, ContractResponse, ResponseFactory } from './typed-response.js'
export type { OpenApiMethod, OperationOf, ParamsOf, PathsWith, QueryOf, RequestBodyOf, ResponsesOf } from './typed-paths.js'
export type {
  MockCallBodyOf,
  MockParamsOf,
  NoRequestBody,
  OpenApiMock,
  OpenApiMockBuilder,
  OpenApiMockFactory,
  OpenApiMocks,
  OpenApiQueryMatcher,
  OpenApiReplyStep,
  PredicateName,
} from './typed-mock-builder.js'
export type { CheckedStatus, ReplyArguments, ReplyBodyOf, ReplyStatus, ResponseAt } from './typed-mock-builder.js'
