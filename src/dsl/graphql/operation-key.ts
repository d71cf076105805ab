import type { GraphQLOperationType } from './graphql-operation.js'

/** Wildcard key part: "any operation type" or "any operation name". */
export const ANY = '*'

/**
 * The key a GraphQL handler files itself under, and the GraphQL channel looks
 * requests up by: `query ListPosts`, `mutation *`, `* *`.
 *
 * @example
 * operationKey('query', 'ListPosts') // 'query ListPosts'
 */
export function operationKey(operationType: GraphQLOperationType | typeof ANY, operationName: string | typeof ANY): string {
  return `${operationType} ${operationName}`
}
