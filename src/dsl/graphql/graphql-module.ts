import { message } from '../../kernel/index.js'

/** The `graphql` package (an optional peer dependency). */
export type GraphQLModule = typeof import('graphql')

const MISSING = 'GraphQL handlers need the package "graphql" (an optional peer dependency of mocklib), which could not be loaded.'
const INSTALL = 'Install it: npm install --save-dev graphql'

/** Why a GraphQL request could not be read without `graphql`, unprefixed: it goes inside a `[mocklib]` message. */
export function graphQLUnavailableReason(): string {
  return `${MISSING} ${INSTALL}`
}

let loading: Promise<GraphQLModule> | undefined

/**
 * Loads the `graphql` package on first use only, so that importing mocklib or
 * serving REST never loads it. Rejects with an install hint when it is missing.
 */
export function loadGraphQL(): Promise<GraphQLModule> {
  return (loading ??= import('graphql').catch((error: unknown) => {
    loading = undefined
    throw new Error(message(MISSING, INSTALL), { cause: error })
  }))
}

/** Whether `graphql` could be resolved, once known (one resolution per process). */
let resolvable: boolean | undefined

/**
 * Throws the install hint when `graphql` cannot be found, so that a project
 * without it learns so where it creates a GraphQL handler, not at the first
 * request (nor when it imports mocklib: REST needs no graphql). Only Node can
 * tell synchronously; elsewhere (browsers, edge runtimes) the first request says it.
 */
export function requireGraphQL(factory: string): void {
  if ((resolvable ??= canResolveGraphQL()) === true) return
  throw new Error(message(`${factory} needs the package "graphql" (an optional peer dependency of mocklib), which is not installed.`, `${INSTALL} (yarn add --dev graphql, pnpm add --save-dev graphql).`))
}

// Resolves the package from mocklib's own location, as the later `import('graphql')` does.
function canResolveGraphQL(): boolean {
  const createRequire = globalThis.process?.getBuiltinModule?.('node:module')?.createRequire
  const from = import.meta.url
  // Only an installed mocklib resolves as the later import() will: from a bundle (graphql may be inlined) the request says it.
  if (typeof createRequire !== 'function' || !from || !/[\\/]node_modules[\\/]/.test(from)) return true
  try {
    createRequire(from).resolve('graphql')
    return true
  } catch (error) {
    // Anything but "not found" (an unusual loader, a permission) is left to the import to report.
    return (error as { code?: unknown } | null)?.code !== 'MODULE_NOT_FOUND'
  }
}
