import { message } from '../../kernel/index.js'

export type GraphQLModule = typeof import('graphql')

const MISSING = 'GraphQL handlers need the package "graphql" (an optional peer dependency of mocklib), which could not be loaded.'
const INSTALL = 'Install it: npm install --save-dev graphql'

/** Unprefixed: it goes inside a `[mocklib]` message. */
export const GRAPHQL_UNAVAILABLE = `${MISSING} ${INSTALL}`

let loading: Promise<GraphQLModule> | undefined

/** Loaded on first use only: importing mocklib or serving REST never loads `graphql`. */
export function loadGraphQL(): Promise<GraphQLModule> {
  return (loading ??= import('graphql').catch((error: unknown) => {
    loading = undefined
    throw new Error(message(MISSING, INSTALL), { cause: error })
  }))
}

let resolvable: boolean | undefined

/**
 * Throws the install hint where a GraphQL handler is created, not at the first request. Only
 * Node can tell synchronously; elsewhere (browsers, edge runtimes) the first request says it.
 */
export function requireGraphQL(factory: string): void {
  if ((resolvable ??= canResolveGraphQL()) === true) return
  throw new Error(message(`${factory} needs the package "graphql" (an optional peer dependency of mocklib), which is not installed.`, `${INSTALL} (yarn add --dev graphql, pnpm add --save-dev graphql).`))
}

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
