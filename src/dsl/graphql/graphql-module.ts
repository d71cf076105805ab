import { message } from '../../kernel/index.js'

/** The `graphql` package (an optional peer dependency). */
export type GraphQLModule = typeof import('graphql')

let loading: Promise<GraphQLModule> | undefined

/**
 * Loads the `graphql` package on first use only, so that importing mocklib or
 * serving REST never loads it. Rejects with an install hint when it is missing.
 *
 * @example
 * const { parse } = await loadGraphQL()
 */
export function loadGraphQL(): Promise<GraphQLModule> {
  return (loading ??= import('graphql').catch((error: unknown) => {
    loading = undefined
    throw new Error(
      message(
        'GraphQL handlers need the package "graphql" (an optional peer dependency of mocklib), which could not be loaded.',
        'Install it: npm install --save-dev graphql',
      ),
      { cause: error },
    )
  }))
}
