import type { GraphQLMockFactory } from './graphql-builder-types.js'
import { buildGraphQLMock, graphQLStart } from './graphql-mock.js'
import { MockBuilder } from './mock-builder.js'

/** @internal */
export function graphQLMockFactory(operationType: 'query' | 'mutation'): GraphQLMockFactory {
  return ((selector: unknown) => {
    const start = graphQLStart(operationType, selector)
    return MockBuilder.start({ kind: 'graphql', header: start.header, build: (steps, resolver) => buildGraphQLMock(start, steps, resolver) })
  }) as unknown as GraphQLMockFactory
}
