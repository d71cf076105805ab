import { message } from '../../kernel/index.js'
import type { ExecuteGraphQLOptions, MockSchema } from './execute-graphql.js'
import { loadGraphQL, type GraphQLModule } from './graphql-module.js'
import type { GraphQLResponseBody } from './graphql-types.js'

// `executeGraphQL`'s body: runs an operation against a mock schema with graphql-js. Loaded by the first
// call (execute-graphql.ts), so an import of mocklib does not compile it.

const builtSchemas = new Map<string, unknown>()

/**
 * Executes an operation against a mock schema (see `executeGraphQL` in
 * execute-graphql.ts, which documents the behaviour).
 *
 * @example
 * const body = await executeGraphQL({ schema: 'type Query { a: Int }', query: '{ a }', rootValue: { a: 1 } })
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
