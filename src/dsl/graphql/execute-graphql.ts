import { message } from '../../kernel/index.js'
import { HttpResponse } from '../response/http-response.js'
import { loadGraphQL, type GraphQLModule } from './graphql-module.js'
import type { GraphQLResolver, GraphQLResolverInfo, GraphQLResponseBody, GraphQLVariables } from './graphql-types.js'

/**
 * A `GraphQLSchema` (by shape: mocklib's types need no `graphql` import) or schema SDL text.
 *
 * @example
 * const schema: MockSchema = 'type Query { posts: [ID!]! }' // or buildSchema(sdl)
 */
export type MockSchema = { getQueryType(): unknown } | string

/**
 * What `executeGraphQL` runs.
 *
 * @example
 * const options: ExecuteGraphQLOptions = { schema, query, variables, rootValue: { posts: () => [] } }
 */
export interface ExecuteGraphQLOptions {
  /** A `GraphQLSchema`, or SDL such as `type Query { posts: [Post!]! } …` (built once, then cached). */
  readonly schema: MockSchema
  /** The operation's document: pass the resolver's `query`. */
  readonly query: string
  /** Pass the resolver's `variables`. */
  readonly variables?: GraphQLVariables
  /** Pass the resolver's `operationName` when the document holds several operations. */
  readonly operationName?: string | undefined
  /** Mock data: an object whose fields (values or functions of the arguments) answer the root fields. */
  readonly rootValue?: unknown
  /** The context value field resolvers receive. */
  readonly contextValue?: unknown
}

/**
 * Executes an operation against a mock schema with graphql-js, like a real server: exactly the
 * fields asked for, variables coerced and validated, problems as `errors`. A `GraphQLSchema` must
 * come from the copy of `graphql` mocklib loads (graphql-js refuses others); SDL text avoids that.
 *
 * @example
 * graphql.query('ListPosts', async ({ query, variables }) =>
 *   HttpResponse.json(await executeGraphQL({ schema, query, variables, rootValue: { posts: () => posts } })),
 * )
 */
export async function executeGraphQL<Result = any>(options: ExecuteGraphQLOptions): Promise<GraphQLResponseBody<Result>> {
  const graphqlModule = await loadGraphQL()
  const result = await graphqlModule.graphql({
    schema: schemaOf(graphqlModule, options.schema) as Parameters<GraphQLModule['graphql']>[0]['schema'],
    source: options.query,
    variableValues: options.variables,
    operationName: options.operationName,
    rootValue: options.rootValue,
    contextValue: options.contextValue,
  })
  const body: { data?: Result | null; errors?: GraphQLResponseBody['errors']; extensions?: Record<string, unknown> } = {}
  if (result.errors !== undefined) body.errors = result.errors.map((error) => error.toJSON())
  if ('data' in result) body.data = result.data as Result | null
  if (result.extensions !== undefined) body.extensions = { ...result.extensions }
  return body
}

const builtSchemas = new Map<string, unknown>()

function schemaOf(graphqlModule: GraphQLModule, schema: MockSchema): unknown {
  if (typeof schema !== 'string') return schema
  let built = builtSchemas.get(schema)
  if (built === undefined) {
    try {
      built = graphqlModule.buildSchema(schema)
    } catch (error) {
      throw new TypeError(message(`executeGraphQL() got schema SDL that does not build: ${(error as Error).message}`, 'Fix the SDL, or pass a GraphQLSchema.'), {
        cause: error,
      })
    }
    builtSchemas.set(schema, built)
  }
  return built
}

/**
 * A resolver answering every operation from a mock schema (see `executeGraphQL`): a whole API.
 *
 * @example
 * const server = setupServer(graphql.operation(resolveWithSchema(schema, { posts: () => posts })))
 */
export function resolveWithSchema<Result = any>(
  schema: MockSchema,
  rootValue?: unknown,
): GraphQLResolver<Result, GraphQLVariables, string | undefined> {
  const resolver = async ({ query, variables, operationName }: GraphQLResolverInfo<GraphQLVariables, string | undefined>) =>
    HttpResponse.json(await executeGraphQL({ schema, query, variables, operationName, rootValue }))
  return resolver as GraphQLResolver<Result, GraphQLVariables, string | undefined>
}
