import { message, type RequestContext } from '../../kernel/index.js'
import {
  ANY,
  isDocumentNode,
  operationKey,
  operationsOfDocument,
  operationsOfSource,
  type DocumentOperation,
  type GraphQLOperationType,
  type ParsedOperation,
} from './graphql-operation.js'

/**
 * What a predicate function given to `graphql.query`/`graphql.mutation` receives (as msw).
 *
 * @example
 * const withToken = ({ cookies }: GraphQLPredicateInfo) => cookies.token !== undefined
 */
export interface GraphQLPredicateInfo {
  readonly request: Request
  readonly query: string
  readonly operationType: GraphQLOperationType
  /** `''` for an anonymous operation, as msw. */
  readonly operationName: string
  readonly variables: Record<string, unknown>
  readonly cookies: Record<string, string>
}

/**
 * What such a predicate answers: a boolean or `{ matches }`, sync or async.
 *
 * @example
 * const listsOnly = ({ operationName }: GraphQLPredicateInfo): GraphQLPredicateResult => ({ matches: operationName.startsWith('List') })
 */
export type GraphQLPredicateResult = boolean | { readonly matches: boolean }

/**
 * A predicate function selecting operations, as msw's custom GraphQL predicate.
 *
 * @example
 * const lists: GraphQLPredicate = ({ operationName }) => operationName.startsWith('List')
 * graphql.query(lists, () => HttpResponse.json({ data: { posts: [] } }))
 */
export type GraphQLPredicate = (info: GraphQLPredicateInfo) => GraphQLPredicateResult | Promise<GraphQLPredicateResult>

export interface CompiledSelector {
  /** `query ListPosts`, or `query *` for a RegExp or a predicate. */
  readonly key: string
  readonly label: string
  /** A predicate function also reads the operation and the request, and may answer a Promise. */
  matches(operationName: string | undefined, operation?: ParsedOperation, context?: RequestContext): boolean | Promise<boolean>
}

const OPERATION_NAME = /^[_A-Za-z][_0-9A-Za-z]*$/

/**
 * A document gives the name of its single operation, which must have `operationType`. A predicate
 * (for `graphql.*` only) is filed under `type *`, so other types and REST traffic never call it.
 */
export function compileSelector(operationType: GraphQLOperationType, selector: unknown, factory: string): CompiledSelector {
  if (selector instanceof RegExp) {
    const regexp = new RegExp(selector.source, selector.flags.replace(/[gy]/g, ''))
    return {
      key: operationKey(operationType, ANY),
      label: `${operationType} ${String(selector)}`,
      matches: (name) => name !== undefined && regexp.test(name),
    }
  }
  if (typeof selector === 'function' && factory.startsWith('graphql.')) return byPredicate(operationType, selector as GraphQLPredicate)
  const text = typeof selector === 'string' ? selector : selector instanceof String ? selector.toString() : undefined
  if (text !== undefined && OPERATION_NAME.test(text)) return byName(operationType, text)
  if (text !== undefined || isDocumentNode(selector)) {
    const operations = text !== undefined ? operationsOfSource(text) : operationsOfDocument(selector as { definitions: readonly unknown[] })
    return byName(operationType, nameOfDocument(operations, operationType, factory, text))
  }
  throw new TypeError(
    message(
      `${factory} expects an operation name, a RegExp or a GraphQL document${factory.startsWith('graphql.') ? ' (or a predicate function)' : ''} as its first argument, but got ${selector === null ? 'null' : typeof selector}.`,
      `For example: ${factory.replace('()', '')}('ListPosts', resolver).`,
    ),
  )
}

function byPredicate(operationType: GraphQLOperationType, predicate: GraphQLPredicate): CompiledSelector {
  return {
    key: operationKey(operationType, ANY),
    label: `${operationType} [custom predicate]`,
    matches(operationName, operation, context) {
      if (operation === undefined || context === undefined) return false
      const result = predicate({
        request: context.request,
        query: operation.query,
        operationType: operation.operationType,
        operationName: operationName ?? '',
        variables: operation.variables,
        cookies: context.cookies,
      })
      return result instanceof Promise ? result.then(isMatch) : isMatch(result)
    },
  }
}

function isMatch(result: GraphQLPredicateResult): boolean {
  return result === true || (typeof result === 'object' && result !== null && result.matches === true)
}

function byName(operationType: GraphQLOperationType, name: string): CompiledSelector {
  return { key: operationKey(operationType, name), label: `${operationType} ${name}`, matches: (other) => other === name }
}

function nameOfDocument(operations: DocumentOperation[], expected: GraphQLOperationType, factory: string, text: string | undefined): string {
  const what = text === undefined ? 'the GraphQL document' : `"${text.length > 40 ? `${text.slice(0, 40)}…` : text}"`
  if (operations.length !== 1) {
    throw new TypeError(
      message(
        operations.length === 0
          ? `${factory} got ${what}, which is neither an operation name nor a document with an operation.`
          : `${factory} got ${what}, which defines ${operations.length} operations.`,
        'Pass an operation name such as "ListPosts", or a document with exactly one operation.',
      ),
    )
  }
  const [{ operationType, operationName }] = operations as [DocumentOperation]
  if (operationName === undefined) {
    throw new TypeError(message(`${factory} got ${what}, whose operation is anonymous.`, 'Name the operation, or match anonymous operations with graphql.operation(resolver).'))
  }
  if (operationType !== expected) {
    throw new TypeError(
      message(
        `${factory} got the document of ${operationType} ${operationName}, which is a ${operationType}, not a ${expected}.`,
        `Use graphql.${operationType}(document, resolver) for it.`,
      ),
    )
  }
  return operationName
}
