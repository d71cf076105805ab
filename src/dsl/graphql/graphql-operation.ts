/**
 * The three GraphQL operation types.
 *
 * @example
 * graphql.operation(({ operationType }) => (operationType === 'mutation' ? HttpResponse.json({ data: null }) : undefined))
 */
export type GraphQLOperationType = 'query' | 'mutation' | 'subscription'

/**
 * One operation as the client sent it, before parsing: from GET search params,
 * a JSON body, a multipart `operations` field or an item of a batch.
 */
export interface RawOperation {
  readonly kind: 'raw'
  readonly query: string
  readonly variables: Record<string, unknown>
  readonly operationName: string | undefined
}

/** A request (or batch item) that looks like GraphQL but cannot be used; `reason` says why. */
export interface InvalidOperation {
  readonly kind: 'invalid'
  readonly reason: string
}

/** An operation whose query parsed: what handlers match on and resolvers receive. */
export interface ParsedOperation {
  readonly kind: 'operation'
  readonly operationType: GraphQLOperationType
  /** `undefined` for an anonymous operation. */
  readonly operationName: string | undefined
  readonly query: string
  readonly variables: Record<string, unknown>
}

/** A batched request: its items, each parsed on its own. */
export interface BatchOperation {
  readonly kind: 'batch'
  readonly items: readonly (ParsedOperation | InvalidOperation)[]
}

/** Everything the GraphQL layer learns from one request; `null`: not a GraphQL request. */
export type GraphQLRequestState = ParsedOperation | InvalidOperation | BatchOperation | null

/**
 * An invalid-operation value.
 *
 * @example
 * invalid('the GraphQL query does not parse: Syntax Error …')
 */
export function invalid(reason: string): InvalidOperation {
  return { kind: 'invalid', reason }
}
