import { GraphQLHandler } from '../graphql/graphql-handler.js'
import type { ParsedOperation } from '../graphql/graphql-operation.js'
import { compileSelector, type CompiledSelector } from '../graphql/operation-selector.js'
import type { MockCall } from './mock-handler.js'
import { MockHandler, type MockTarget } from './mock-handler.js'
import type { MockStep } from './step-table.js'
import { installMisuseGuards, type MisuseGuards } from './misuse-guards.js'
import { operationStep } from './graphql-steps.js'
import type { MockResolver } from './step-table.js'

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

/**
 * A GraphQL mock: a `graphql.*` handler, built by `mock.query(...)` /
 * `mock.mutation(...)…reply(...)`, decorated with the builder's steps.
 * Steps: the operation (type and name), then the builder's steps
 * (`variables`, `headers`, `cookies`). Answers use status 200.
 *
 * @example
 * const list = mock.query('ListPosts').reply({ data: { posts: [] } }).once()
 * server.use(list)
 */
export class GraphQLMock<Result = any, Variables = Record<string, unknown>> extends MockHandler<GraphQLMockCall<Variables>> {
  /** Type-only: the declared result. */
  declare readonly result?: Result
}

/** The builder methods a built GraphQL mock refuses (generated from the step table). */
export interface GraphQLMock<Result, Variables> extends MisuseGuards<'graphql'> {}

/** Where a GraphQL builder starts: `mock.query(selector)`. @internal */
export interface GraphQLStart {
  readonly operationType: 'query' | 'mutation'
  readonly selector: CompiledSelector
  /** What the wrapped `graphql.*` handler is given: the RegExp, or the operation name the selector resolved to. */
  readonly target: string | RegExp
  readonly header: string
}

/** Compiles the selector of `mock.query(...)` / `mock.mutation(...)` (throws naming the factory). @internal */
export function graphQLStart(operationType: 'query' | 'mutation', selector: unknown): GraphQLStart {
  const compiled = compileSelector(operationType, selector, `mock.${operationType}()`)
  // A document was read once here: the wrapped handler gets the name it resolved to.
  const target = selector instanceof RegExp ? selector : compiled.label.slice(operationType.length + 1)
  return { operationType, selector: compiled, target, header: compiled.label }
}

/** Builds a GraphQL mock: a `graphql.*` handler answering with `resolver`, decorated with `steps`. @internal */
export function buildGraphQLMock(start: GraphQLStart, steps: readonly MockStep[], resolver: MockResolver): GraphQLMock {
  // On the first mock, not at import: a bundle that never builds one can drop the builder.
  installMisuseGuards(GraphQLMock.prototype, 'graphql')
  const target: MockTarget<ParsedOperation, GraphQLMockCall> = {
    handler: new GraphQLHandler({ operationType: start.operationType, selector: start.target }, resolver),
    header: start.header,
    baseSteps: [{ name: 'operation', ...operationStep(start.operationType, start.selector) }],
    toCall: (context, operation, body, status) => ({
      request: context.request,
      requestId: context.requestId,
      params: {},
      body: body.parsed,
      time: Date.now(),
      status,
      operationName: operation.operationName,
      query: operation.query,
      variables: operation.variables,
    }),
  }
  return new GraphQLMock(target, steps)
}
