import { message, type RequestContext } from '../../kernel/index.js'
import type { GraphQLOperationType, GraphQLRequestState } from '../graphql/graphql-operation.js'
import { graphQLRequestState } from '../graphql/graphql-request-state.js'
import type { CompiledSelector } from '../graphql/operation-selector.js'
import { mismatch } from './body-matcher.js'
import { formatValue } from './format-value.js'
import type { StepCheck } from './step-check.js'

/** Each request's GraphQL reading once settled, so that `check` and diagnostics stay synchronous. */
const settled = new WeakMap<RequestContext, GraphQLRequestState>()

function load(context: RequestContext): Promise<unknown> | undefined {
  if (settled.has(context)) return undefined
  return graphQLRequestState(context).then(
    (state) => settled.set(context, state),
    () => settled.set(context, null),
  )
}

const loaded = (context: RequestContext) => settled.has(context)

/** `mock.query(name)` / `mock.mutation(name)`: the operation type and name. */
export function operationStep(operationType: GraphQLOperationType, selector: CompiledSelector): StepCheck {
  return {
    description: '',
    load,
    loaded,
    check(context) {
      const state = settled.get(context) ?? null
      if (state === null) return 'is not a GraphQL request'
      if (state.kind === 'invalid') return `is not usable: ${state.reason}`
      if (state.kind === 'batch') return 'is a batch (each of its operations is matched on its own)'
      const actual = `${state.operationType} ${state.operationName ?? '(anonymous)'}`
      if (state.operationType !== operationType || !selector.matches(state.operationName)) return `is the ${actual}, expected ${selector.label}`
      return undefined
    },
  }
}

/**
 * `.variables(...)`: a subset of the variables (values may be RegExps or predicates, objects match partially), or a
 * predicate over all of them.
 *
 * @example
 * mock.mutation('DeletePost').variables({ postId: '1' }).reply({ data: { deletePost: { id: '1' } } })
 */
export type VariablesMatcher<Variables> = ((variables: Variables) => boolean) | { readonly [Key in keyof Variables]?: unknown }

/** Compiles `.variables(...)`; throws a TypeError naming the mock on bad input. */
export function variablesStep(matcher: unknown, header: string): StepCheck {
  if (typeof matcher !== 'function' && (typeof matcher !== 'object' || matcher === null || Array.isArray(matcher))) {
    throw new TypeError(
      message(
        `.variables() of mock "${header}" got ${matcher === null ? 'null' : Array.isArray(matcher) ? 'an array' : typeof matcher}.`,
        'Pass an object of expected variables or a predicate function.',
      ),
    )
  }
  return {
    description: `variables(${formatValue(matcher)})`,
    load,
    loaded,
    check(context) {
      const state = settled.get(context)
      const reason = mismatch(state?.kind === 'operation' ? state.variables : {}, matcher, '', false)
      // A path into the variables reads `$postId`, as in the document.
      return reason?.startsWith('.') ? `$${reason.slice(1)}` : reason
    },
  }
}
