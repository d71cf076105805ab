import { message } from '../../kernel/index.js'

/** The `graphql` package (an optional peer dependency). */
export type GraphQLModule = typeof import('graphql')

let loading: Promise<GraphQLModule> | undefined

const MISSING = 'GraphQL handlers need the package "graphql" (an optional peer dependency of mocklib), which could not be loaded.'
const INSTALL = 'Install it: npm install --save-dev graphql'

/**
 * Why a GraphQL request could not be read when `graphql` is missing, without
 * the `[mocklib]` prefix: the reason goes inside a message that has one.
 *
 * @example
 * invalid(graphQLUnavailableReason()) // 'GraphQL handlers need the package "graphql" … Install it: …'
 */
export function graphQLUnavailableReason(): string {
  return `${MISSING} ${INSTALL}`
}

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
      message(MISSING, INSTALL),
      { cause: error },
    )
  }))
}
