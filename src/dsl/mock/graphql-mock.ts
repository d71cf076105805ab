import type { HandlerInfo, IndexKey, RequestContext } from '../../kernel/index.js'
import { negotiateContentType } from '../graphql/content-negotiation.js'
import { graphQLChannel } from '../graphql/graphql-channel.js'
import type { GraphQLResolverInfoRuntime } from '../graphql/graphql-handler.js'
import type { GraphQLOperationType } from '../graphql/graphql-operation.js'
import type { CompiledSelector } from '../graphql/operation-selector.js'
import { installMisuseGuards, type AlreadyAnswered, type StepAfterAnswer } from './misuse-guards.js'
import type { MockCall } from './mock-call.js'
import { MockHandler } from './mock-handler.js'
import type { MockStep } from './mock-step.js'
import { operationStep, settledOperation } from './graphql-steps.js'
import type { RequestBody } from './request-body.js'

/**
 * One GraphQL operation a mock answered: `MockCall` plus the operation.
 *
 * @example
 * deletePost.calls[0]?.variables.postId // '1'
 */
export interface GraphQLMockCall<Variables = Record<string, unknown>> extends MockCall<Record<string, never>, unknown> {
  readonly operationName: string | undefined
  readonly query: string
  readonly variables: Variables
}

/** How a GraphQL mock answers a matched operation. @internal */
export interface GraphQLAnswer {
  run(info: GraphQLResolverInfoRuntime): Response | undefined | Promise<Response | undefined>
  reset?(): void
}

/** What a GraphQL mock is made of; built by the GraphQL builder. @internal */
export interface GraphQLMockConfig {
  readonly operationType: Exclude<GraphQLOperationType, 'subscription'>
  readonly selector: CompiledSelector
  readonly steps: readonly MockStep[]
}

/**
 * A GraphQL mock, built by `mock.query(...)` / `mock.mutation(...)…reply(...)`.
 * Steps: the operation (type and name), then the builder's steps
 * (`variables`, `headers`, `cookies`). Answers use status 200.
 *
 * @example
 * const list = mock.query('ListPosts').reply({ data: { posts: [] } }).once()
 * server.use(list)
 */
export class GraphQLMock<Result = any, Variables = Record<string, unknown>> extends MockHandler<GraphQLMockCall<Variables>> {
  readonly info: HandlerInfo
  readonly indexKey: IndexKey
  protected readonly steps: readonly MockStep[]
  readonly #answer: GraphQLAnswer
  /** Type-only: the declared result. */
  declare readonly result?: Result

  /** Not callable: the mock already has an answer. */
  declare readonly reply: AlreadyAnswered
  /** Not callable: the mock already has an answer. */
  declare readonly replyWith: AlreadyAnswered
  /** Not callable: the mock already has an answer. */
  declare readonly networkError: AlreadyAnswered
  /** Not callable: the mock already has an answer. */
  declare readonly passthrough: AlreadyAnswered
  /** Not callable: steps come before the answer. */
  declare readonly variables: StepAfterAnswer
  /** Not callable: steps come before the answer. */
  declare readonly headers: StepAfterAnswer
  /** Not callable: steps come before the answer. */
  declare readonly cookies: StepAfterAnswer

  /** @internal Use `mock.query(...)…reply(...)`. */
  constructor(config: GraphQLMockConfig, answer: GraphQLAnswer) {
    super()
    this.info = { kind: 'mock', header: config.selector.label }
    this.indexKey = { channel: graphQLChannel, key: config.selector.key }
    this.steps = [operationStep(config.operationType, config.selector), ...config.steps]
    this.noteFrom = 1
    this.#answer = answer
  }

  protected async answer(context: RequestContext): Promise<Response | undefined> {
    const operation = settledOperation(context)!
    const response = await this.#answer.run({
      query: operation.query,
      variables: operation.variables,
      operationName: operation.operationName,
      operationType: operation.operationType,
      request: context.request,
      cookies: context.cookies,
      requestId: context.requestId,
    })
    return response === undefined ? undefined : negotiateContentType(context.request, response)
  }

  protected toCall(context: RequestContext, body: RequestBody, status: number | undefined): GraphQLMockCall<Variables> {
    const operation = settledOperation(context)
    return {
      request: context.request,
      requestId: context.requestId,
      params: {},
      body: body.parsed,
      time: Date.now(),
      status,
      operationName: operation?.operationName,
      query: operation?.query ?? '',
      variables: (operation?.variables ?? {}) as Variables,
    }
  }

  override restore(): void {
    super.restore()
    this.#answer.reset?.()
  }
}

installMisuseGuards(GraphQLMock.prototype, ['reply', 'replyWith', 'networkError', 'passthrough', 'variables', 'headers', 'cookies'])
