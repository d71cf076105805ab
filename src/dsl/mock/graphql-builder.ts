import type { GraphQLOperationSelector, GraphQLResolver, GraphQLResponseBody, GraphQLVariables } from '../graphql/graphql-types.js'
import type { HttpResponse } from '../response/http-response.js'
import type { DeepMatcher } from './body-matcher.js'
import { graphQLMockStart, type GraphQLMock } from './graphql-mock.js'
import { MockBuilder } from './mock-builder.js'
import type { CookiesMatcher, HeadersMatcher } from './record-steps.js'
import type { Unfinished } from './rest-builder.js'

declare const unfinished: unique symbol

/**
 * What `.variables(...)` accepts: a predicate over the variables, or a partial object typed from the document.
 *
 * @example
 * const byId: TypedVariablesMatcher<{ id: string }> = { id: /^post-/ }
 */
export type TypedVariablesMatcher<Variables> =
  | ((variables: Variables) => boolean)
  | { readonly [Key in keyof Variables]?: DeepMatcher<Variables[Key]> }

/**
 * `mock.query(...)` / `mock.mutation(...)`: matching steps, then one answer, typed by a typed document or explicit
 * type arguments.
 *
 * @example
 * mock.mutation(DeletePostDocument).variables({ postId: '1' }).reply({ data: { deletePost: { id: '1' } } })
 */
export interface GraphQLMockBuilder<Result, Variables, _Unfinished extends Unfinished = Unfinished> {
  /** Type-only: an unfinished builder is not a handler (the third type argument shows in messages). */
  readonly [unfinished]?: _Unfinished
  /** Match a subset of the variables (values may be RegExps or predicates), or a predicate. */
  variables(matcher: TypedVariablesMatcher<Variables>): GraphQLMockBuilder<Result, Variables>
  /** Match a subset of the headers, or a predicate. */
  headers(matcher: HeadersMatcher): GraphQLMockBuilder<Result, Variables>
  /** Match a subset of the cookies, or a predicate. */
  cookies(matcher: CookiesMatcher): GraphQLMockBuilder<Result, Variables>
  /**
   * Answer with a GraphQL body `{ data, errors?, extensions? }` (status 200) or a `graphql.*` resolver.
   * @example mock.query('ListPosts').reply({ data: { posts: [] } })
   */
  reply(body: GraphQLResponseBody<Result>): GraphQLMock<Result, Variables>
  reply(resolver: GraphQLResolver<Result, Variables>): GraphQLMock<Result, Variables>
  /**
   * Answer with (a clone of) this response for every operation.
   * @example mock.query('ListPosts').replyWith(HttpResponse.json({ data: { posts: [] } }))
   */
  replyWith(response: HttpResponse<GraphQLResponseBody<Result>> | Response): GraphQLMock<Result, Variables>
  /** Fail the request as a network error. */
  networkError(): GraphQLMock<Result, Variables>
  /** Let the request reach the real network. */
  passthrough(): GraphQLMock<Result, Variables>
}

/**
 * `mock.query` / `mock.mutation`: by operation name, RegExp or (typed) document. A bad selector throws at once.
 *
 * @example
 * mock.query('ListPosts').reply({ data: { posts: [] } })
 * mock.query<{ post: Post }, { id: string }>('GetPost').variables({ id: '1' }).reply({ data: { post } })
 */
export interface GraphQLMockFactory {
  <Result = any, Variables = GraphQLVariables>(selector: GraphQLOperationSelector<Result, Variables>): GraphQLMockBuilder<Result, Variables>
}

export function graphQLMockFactory(operationType: 'query' | 'mutation'): GraphQLMockFactory {
  return ((selector: unknown) => new GraphQLBuilder(graphQLMockStart(operationType, selector))) as unknown as GraphQLMockFactory
}

/** The code behind `GraphQLMockBuilder`, whose interface carries the types. */
class GraphQLBuilder extends MockBuilder {
  variables(matcher: unknown): GraphQLBuilder {
    return this.withStep('variables', [matcher])
  }

  reply(bodyOrResolver: unknown): GraphQLMock {
    return this.answer('reply', [bodyOrResolver]) as GraphQLMock
  }
}
