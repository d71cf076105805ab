import { GraphQLHandler } from '../graphql/graphql-handler.js'
import type { ParsedOperation } from '../graphql/graphql-operation.js'
import { compileSelector } from '../graphql/operation-selector.js'
import { operationStep } from './graphql-steps.js'
import type { MockStart } from './mock-builder.js'
import { mockCall, MockHandler, type MockCall, type MockTarget, type TimesCount } from './mock-handler.js'
import type { LimitGuard, LimitState, MisuseGuards } from './misuse-guards.js'

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
 * A GraphQL mock, built by `mock.query(...)…reply(...)`: a `graphql.*` handler with the builder's steps. No member
 * carries `Result` (as in msw's handlers), so that an array of mocks costs the compiler nothing.
 *
 * @example
 * const list = mock.query('ListPosts').reply({ data: { posts: [] } }).once()
 * server.use(list)
 */
export class GraphQLMock<Result = any, Variables = Record<string, unknown>, Limited extends boolean = boolean> extends MockHandler<GraphQLMockCall<Variables>> {
  /** Which builder made it. */
  readonly protocol: 'graphql' = 'graphql'
}

/** The builder methods a built GraphQL mock refuses, and its typed limit modifiers. */
export interface GraphQLMock<Result, Variables, Limited extends boolean> extends MisuseGuards<'graphql'>, LimitState<Limited> {
  /**
   * Answer exactly `count` operations, then let later ones reach the next handler.
   * @example mock.query('ListPosts').reply({ data: { posts: [] } }).times(2)
   */
  times<Count extends number>(this: LimitGuard<Limited>, count: TimesCount<Count>): GraphQLMock<Result, Variables, true>
  /**
   * Answer one operation only: `times(1)`.
   * @example mock.mutation('Login').reply({ data: { login: true } }).once()
   */
  once(this: LimitGuard<Limited>): GraphQLMock<Result, Variables, true>
  /**
   * Answer any number of operations (the default; states it explicitly).
   * @example mock.query('Config').reply({ data: { config: {} } }).persist()
   */
  persist(this: LimitGuard<Limited>): GraphQLMock<Result, Variables, true>
}

/** Where `mock.query(selector)` / `mock.mutation(selector)` starts: the selector is compiled (and checked) at once. */
export function graphQLMockStart(operationType: 'query' | 'mutation', selector: unknown): MockStart {
  const compiled = compileSelector(operationType, selector, `mock.${operationType}()`)
  // A document was read once here: the wrapped handler gets the name it resolved to.
  const handlerSelector = selector instanceof RegExp ? selector : compiled.label.slice(operationType.length + 1)
  return {
    kind: 'graphql',
    header: compiled.label,
    Mock: GraphQLMock,
    target: (resolver): MockTarget<ParsedOperation, GraphQLMockCall> => ({
      handler: new GraphQLHandler({ operationType, selector: handlerSelector }, resolver),
      header: compiled.label,
      baseSteps: [{ name: 'operation', ...operationStep(operationType, compiled) }],
      toCall: (context, { operationName, query, variables }, body, status) => ({ ...mockCall(context, {}, body, status), operationName, query, variables }),
    }),
  }
}
