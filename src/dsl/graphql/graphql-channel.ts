import type { Answered, Channel, PartOutcome, Redispatch, RequestContext } from '../../kernel/index.js'
import { bypass } from '../response/real-network.js'
import { HttpResponse } from '../response/http-response.js'
import { negotiateContentType } from './content-negotiation.js'
import { ANY, operationKey, type GraphQLRequestState, type InvalidOperation, type ParsedOperation } from './graphql-operation.js'
import { graphQLRequestState, mayCarryGraphQL, parseJson, seedRequestState } from './graphql-request-state.js'

/**
 * A named operation looks up its own key, its type with any name, and `* *`; an anonymous one `* *`
 * only: lookup cost is flat in the number of handlers. Unusable GraphQL leaves a note saying why.
 */
export const graphQLChannel: Channel<RequestContext> = {
  name: 'graphql',
  whenUnanswered(context, redispatch) {
    return mayCarryGraphQL(context) ? answerBatch(context, redispatch) : undefined
  },
  requestKeys(context) {
    return mayCarryGraphQL(context) ? graphQLRequestState(context).then((state) => requestKeys(state, context)) : null
  },
}

function requestKeys(state: GraphQLRequestState, context: RequestContext): readonly string[] | null {
  if (state === null || state.kind === 'batch') return null
  if (state.kind === 'invalid') {
    context.addNote(`This looks like a GraphQL request, but ${state.reason}`)
    return null
  }
  const everything = operationKey(ANY, ANY)
  // Printed only if no handler answers.
  if (state.operationName === undefined) {
    context.addNote(`It is an anonymous GraphQL ${state.operationType}; only graphql.operation() handlers match anonymous operations.`)
    return [everything]
  }
  context.addNote(`It is the GraphQL ${state.operationType} "${state.operationName}"; match it with graphql.${state.operationType}('${state.operationName}', resolver).`)
  return [operationKey(state.operationType, state.operationName), operationKey(state.operationType, ANY), everything]
}

/**
 * One part per operation, dispatched in order (a mutation, then a query that reads it); the answer
 * is the JSON array of their bodies, an error item for a part no handler answered. A `passthrough()`
 * part goes to the network alone. `undefined` when no part was answered (unhandled, with the parts' notes).
 */
async function answerBatch(context: RequestContext, redispatch: Redispatch<RequestContext>): Promise<Answered | undefined> {
  const state = await graphQLRequestState(context)
  if (state === null || state.kind !== 'batch') return undefined
  const parts = state.items.map((item) => {
    const part = context.fork(partRequest(context.request, item))
    seedRequestState(part, item)
    return part
  })
  const outcomes: PartOutcome[] = []
  for (const part of parts) outcomes.push(await redispatch(part))
  const credited = outcomes.find((outcome): outcome is Exclude<PartOutcome, { kind: 'unhandled' }> => outcome.kind !== 'unhandled')
  if (credited === undefined) {
    parts.forEach((part, index) => {
      for (const note of part.notes) context.addNote(`part ${index + 1} of ${parts.length}: ${note}`)
    })
    return undefined
  }
  const items = await Promise.all(outcomes.map((outcome, index) => itemOf(outcome, state.items[index]!, parts[index]!.request)))
  return { handler: credited.handler, response: negotiateContentType(context.request, HttpResponse.json(items)) }
}

/** Resolvers read `request` as if the operation had come alone (uploaded files stay in `variables` only). */
function partRequest(batch: Request, item: ParsedOperation | InvalidOperation): Request {
  const headers = new Headers(batch.headers)
  headers.set('content-type', 'application/json')
  headers.delete('content-length')
  const body = item.kind === 'operation' ? { query: item.query, variables: item.variables, operationName: item.operationName } : {}
  return new Request(batch.url, { method: 'POST', headers, body: JSON.stringify(body) })
}

async function itemOf(outcome: PartOutcome, item: ParsedOperation | InvalidOperation, request: Request): Promise<unknown> {
  const label = item.kind === 'operation' ? `${item.operationType} ${item.operationName ?? '(anonymous)'}` : 'this operation'
  if (outcome.kind === 'unhandled') {
    const why = outcome.notes.length > 0 ? ` ${outcome.notes.join(' ')}` : ''
    return errorItem(`[mocklib] No request handler answered ${label} of this batch.${why}`)
  }
  const { handler } = outcome
  let response: Response
  try {
    response = outcome.kind === 'passthrough' ? await fetch(bypass(request)) : outcome.response
  } catch (error) {
    return errorItem(`[mocklib] ${label} of this batch was sent to the network, which failed: ${error instanceof Error ? error.message : String(error)}`)
  }
  if (response.type === 'error') return errorItem(`[mocklib] "${handler.info.header}" answered ${label} with a network error.`)
  const parsed = parseJson(await response.text())
  const body = 'value' in parsed ? parsed.value : undefined
  const isGraphQLBody = typeof body === 'object' && body !== null && ('data' in body || 'errors' in body)
  // A status cannot be told per item, so a GraphQL body counts whatever its status.
  if (isGraphQLBody) return body
  const detail = typeof (body as { message?: unknown })?.message === 'string' ? `: ${(body as { message: string }).message}` : ''
  return errorItem(
    `[mocklib] "${handler.info.header}" answered ${label} with status ${response.status}${detail}, which is not a GraphQL response; answer { data, errors } (for example with HttpResponse.json).`,
  )
}

function errorItem(message: string): { errors: { message: string }[] } {
  return { errors: [{ message }] }
}
