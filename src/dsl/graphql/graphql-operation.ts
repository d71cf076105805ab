/**
 * The three GraphQL operation types.
 *
 * @example
 * graphql.operation(({ operationType }) => (operationType === 'mutation' ? HttpResponse.json({ data: null }) : undefined))
 */
export type GraphQLOperationType = 'query' | 'mutation' | 'subscription'

/** One operation as the client sent it, before parsing. */
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

export interface ParsedOperation {
  readonly kind: 'operation'
  readonly operationType: GraphQLOperationType
  /** `undefined` for an anonymous operation. */
  readonly operationName: string | undefined
  readonly query: string
  readonly variables: Record<string, unknown>
}

/** Everything the GraphQL layer learns from one request; `null`: not a GraphQL request. */
export type GraphQLRequestState = ParsedOperation | InvalidOperation | { readonly kind: 'batch'; readonly items: readonly (ParsedOperation | InvalidOperation)[] } | null

export function invalid(reason: string): InvalidOperation {
  return { kind: 'invalid', reason }
}

export const ANY = '*'

/** `query ListPosts`, `mutation *`, `* *`: what handlers are filed under and requests looked up by. */
export function operationKey(operationType: GraphQLOperationType | typeof ANY, operationName: string | typeof ANY): string {
  return `${operationType} ${operationName}`
}

export interface DocumentOperation {
  readonly operationType: GraphQLOperationType
  readonly operationName: string | undefined
}

interface OperationDefinitionLike {
  readonly kind: 'OperationDefinition'
  readonly operation: GraphQLOperationType
  readonly name?: { readonly value: string } | null
}

export function isDocumentNode(value: unknown): value is { readonly kind: string; readonly definitions: readonly unknown[] } {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { kind?: unknown }).kind === 'Document' &&
    Array.isArray((value as { definitions?: unknown }).definitions)
  )
}

/** Reads the plain AST: no `graphql` import. */
export function operationsOfDocument(document: { readonly definitions: readonly unknown[] }): DocumentOperation[] {
  return document.definitions
    .filter((definition): definition is OperationDefinitionLike => (definition as { kind?: unknown }).kind === 'OperationDefinition')
    .map((definition) => ({ operationType: definition.operation, operationName: definition.name?.value }))
}

const OPERATION_KEYWORDS = new Set<string>(['query', 'mutation', 'subscription'])
const NAME = /[_A-Za-z0-9]/

/**
 * The operations of a document as text (graphql-codegen's typed document string), from a scan of
 * the top level (words outside braces, parentheses, strings and comments): no `graphql` import.
 */
export function operationsOfSource(source: string): DocumentOperation[] {
  const found: DocumentOperation[] = []
  let depth = 0
  // After `query`/`mutation`/`subscription`, before the name: the name may follow.
  let pendingType: GraphQLOperationType | undefined
  // Inside the header of a definition (`query A($id: ID!) @dir`, `fragment F on T`).
  let inHeader = false
  for (let i = 0; i < source.length; i++) {
    const char = source[i]!
    if (char === '#') {
      while (i < source.length && source[i] !== '\n' && source[i] !== '\r') i++
    } else if (char === '"') {
      i = skipString(source, i)
    } else if (char === '@' && depth === 0) {
      while (i + 1 < source.length && NAME.test(source[i + 1]!)) i++
    } else if (char === '(' || char === '{') {
      if (depth === 0 && pendingType !== undefined) found.push({ operationType: pendingType, operationName: undefined })
      else if (depth === 0 && char === '{' && !inHeader) found.push({ operationType: 'query', operationName: undefined })
      if (depth === 0) pendingType = undefined
      if (depth === 0 && char === '{') inHeader = false
      depth++
    } else if (char === '}' || char === ')') {
      depth--
    } else if (depth === 0 && NAME.test(char)) {
      let end = i
      while (end < source.length && NAME.test(source[end]!)) end++
      const word = source.slice(i, end)
      i = end - 1
      if (pendingType !== undefined) {
        found.push({ operationType: pendingType, operationName: word })
        pendingType = undefined
      } else if (!inHeader && OPERATION_KEYWORDS.has(word)) {
        pendingType = word as GraphQLOperationType
        inHeader = true
      } else if (!inHeader && word === 'fragment') {
        inHeader = true
      }
    }
  }
  return found
}

function skipString(source: string, start: number): number {
  if (source.startsWith('"""', start)) {
    const end = source.indexOf('"""', start + 3)
    return end === -1 ? source.length : end + 2
  }
  for (let i = start + 1; i < source.length; i++) {
    if (source[i] === '\\') i++
    else if (source[i] === '"' || source[i] === '\n') return i
  }
  return source.length
}
