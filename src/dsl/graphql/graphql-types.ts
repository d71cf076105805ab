import type { FinalizeFunction } from '../shared/resolver-runner.js'
import type { GraphQLPredicate } from './operation-selector.js'
import type { HandlerOptions } from '../../kernel/index.js'
import type { HttpResponse } from '../response/http-response.js'
import type { IsAny, MaybePromise, NoInference } from '../shared/type-helpers.js'
import type { GraphQLHandler } from './graphql-handler.js'
import type { GraphQLOperationType } from './graphql-operation.js'
import type { AsyncResolverIterator, ResolverIterator } from '../http/http-types.js'

/**
 * The variables of an operation when nothing more precise is known.
 *
 * @example
 * graphql.query('GetPost', ({ variables }) => HttpResponse.json({ data: { post: { id: variables.id } } }))
 */
export type GraphQLVariables = Record<string, any>

/**
 * An item of the `errors` array of a GraphQL response.
 *
 * @example
 * const error: GraphQLErrorItem = { message: 'Post not found', path: ['deletePost'] }
 */
export interface GraphQLErrorItem {
  readonly message: string
  readonly locations?: readonly { readonly line: number; readonly column: number }[]
  readonly path?: readonly (string | number)[]
  readonly extensions?: Record<string, unknown>
}

/**
 * The body of a GraphQL response: `{ data, errors, extensions }` (spec §2.5).
 *
 * @example
 * const body: GraphQLResponseBody<{ posts: { id: string }[] }> = { data: { posts: [] } }
 */
export interface GraphQLResponseBody<Result = any> {
  readonly data?: Result | null
  readonly errors?: readonly GraphQLErrorItem[]
  readonly extensions?: Record<string, unknown>
}

/**
 * The part of a typed document that carries its types (TypedDocumentNode, TypedDocumentString). Never set at runtime.
 *
 * @example
 * type ListPostsDocument = DocumentNode & TypedDocumentDecoration<{ posts: Post[] }, Record<string, never>>
 */
export interface TypedDocumentDecoration<Result, Variables> {
  __apiType?: (variables: Variables) => Result
}

/**
 * graphql's `DocumentNode` by shape, so mocklib's types never need the optional `graphql` package.
 *
 * @example
 * const document: GraphQLDocumentLike = parse('query ListPosts { posts { id } }')
 */
export interface GraphQLDocumentLike {
  readonly kind: string
  readonly definitions: readonly unknown[]
}

/**
 * The first argument of `graphql.query` / `graphql.mutation`: a name, a RegExp, a predicate or a
 * (typed) document whose types flow into the resolver.
 *
 * @example
 * graphql.query('ListPosts', resolver)
 * graphql.query(/^List/, resolver)
 * graphql.query(ListPostsDocument, resolver) // a TypedDocumentNode
 */
export type GraphQLOperationSelector<Result = any, Variables = GraphQLVariables> =
  // Names and untyped documents fit the decorated members (a string is a `String`, `__apiType` is optional): fewer
  // members, less type-check time.
  | RegExp
  | GraphQLPredicate
  | DecoratedDocument<Result, Variables>
  | DecoratedString<Result, Variables>

// Interfaces, not intersections: an intersection is reduced per use (all of `String`'s members), an interface once.
interface DecoratedDocument<Result, Variables> extends GraphQLDocumentLike, TypedDocumentDecoration<Result, Variables> {}
interface DecoratedString<Result, Variables> extends String, TypedDocumentDecoration<Result, Variables> {}

/**
 * The result type a typed document carries.
 *
 * @example
 * type Result = ResultOfDocument<typeof ListPostsDocument> // { posts: Post[] }
 */
export type ResultOfDocument<Document> = Document extends TypedDocumentDecoration<infer Result, any> ? Result : never

/**
 * The variables type a typed document carries.
 *
 * @example
 * type Variables = VariablesOfDocument<typeof DeletePostDocument> // { postId: string }
 */
export type VariablesOfDocument<Document> = Document extends TypedDocumentDecoration<any, infer Variables> ? Variables : never

/**
 * What a GraphQL resolver receives.
 *
 * @example
 * graphql.mutation('DeletePost', ({ query, variables, operationName, request, cookies, requestId }) => …)
 */
export interface GraphQLResolverInfo<Variables = GraphQLVariables, OperationName = string> {
  /** The query document as the client sent it. */
  readonly query: string
  /** The operation's variables by name (uploaded files included). */
  readonly variables: Variables
  /** The name of the operation; `undefined` for an anonymous one. */
  readonly operationName: OperationName
  /** `'query'`, `'mutation'` or `'subscription'`. */
  readonly operationType: GraphQLOperationType
  /** The intercepted request; its body is readable. */
  readonly request: Request
  /** The request's cookies by name. */
  readonly cookies: Record<string, string>
  /** An id unique to this request (also in lifecycle events). */
  readonly requestId: string
  /** Schedules a cleanup for this request (see `HttpResolverInfo.finalize`). */
  readonly finalize: FinalizeFunction
}

/**
 * Any Response when the result type is unknown, else an `HttpResponse` of a `GraphQLResponseBody` of it.
 *
 * @example
 * const answer: GraphQLResolverResponse<{ posts: [] }> = HttpResponse.json({ data: { posts: [] } })
 */
export type GraphQLResolverResponse<Result> = IsAny<Result> extends true ? Response : HttpResponse<GraphQLResponseBody<Result>>

/**
 * What a GraphQL resolver returns: a response, or nothing to fall through.
 *
 * @example
 * const nothing: GraphQLResolverResult<{ posts: [] }> = undefined
 */
export type GraphQLResolverResult<Result> = GraphQLResolverResponse<Result> | undefined | void

/**
 * A GraphQL resolver: a function, an async function, or a generator (each request takes the next
 * yielded response; the returned one repeats after).
 *
 * @example
 * const resolver: GraphQLResolver<{ posts: [] }> = () => HttpResponse.json({ data: { posts: [] } })
 */
export type GraphQLResolver<Result = any, Variables = GraphQLVariables, OperationName = string> = (
  info: GraphQLResolverInfo<Variables, OperationName>,
) =>
  | MaybePromise<GraphQLResolverResult<Result>>
  | ResolverIterator<MaybePromise<GraphQLResolverResult<Result>>, GraphQLResolverResult<Result>>
  | AsyncResolverIterator<GraphQLResolverResult<Result>, GraphQLResolverResult<Result>>

/**
 * `graphql.query` and `graphql.mutation`: types from a typed document or explicit generics (as in msw).
 *
 * @example
 * graphql.query(ListPostsDocument, () => HttpResponse.json({ data: { posts: [] } }))
 * graphql.mutation<{ deletePost: { id: string } }, { postId: string }>('DeletePost', ({ variables }) =>
 *   HttpResponse.json({ data: { deletePost: { id: variables.postId } } }),
 * )
 */
export interface GraphQLOperationHandlerFactory {
  <Result = any, Variables = GraphQLVariables>(
    selector: GraphQLOperationSelector<Result, Variables>,
    // One `NoInference` around the resolver rather than one per type argument: a third fewer instantiations.
    resolver: NoInference<GraphQLResolver<Result, Variables>>,
    options?: HandlerOptions,
  ): GraphQLHandler
}

/**
 * `graphql.operation`: every operation, anonymous ones included.
 *
 * @example
 * graphql.operation(({ operationName }) => HttpResponse.json({ errors: [{ message: `no mock for ${operationName ?? 'anonymous'}` }] }))
 */
export interface GraphQLAnyOperationHandlerFactory {
  <Result = any, Variables = GraphQLVariables>(resolver: GraphQLResolver<Result, Variables, string | undefined>, options?: HandlerOptions): GraphQLHandler
}
