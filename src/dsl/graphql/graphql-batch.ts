import type { PartOutcome, RequestContext, RequestSplit, RequestSplitter } from '../../kernel/index.js'
import { HttpResponse } from '../response/http-response.js'
import { negotiateContentType } from './content-negotiation.js'
import type { InvalidOperation, ParsedOperation } from './graphql-operation.js'
import { mayCarryGraphQL } from './graphql-request-reader.js'
import { graphQLRequestState, seedRequestState } from './graphql-request-state.js'

/**
 * Splits a batched GraphQL request (a JSON array of operations, or a multipart
 * upload whose `operations` is an array) into one part per operation. Each
 * part is resolved by the ordinary handler lookup; the answer is a JSON array
 * of the parts' bodies, in order. An operation no handler answers (or that
 * does not parse) gets an item with a GraphQL error saying so; the others are
 * still answered.
 *
 * @example
 * const channel: Channel = { name: 'graphql', splitter: graphQLBatchSplitter, requestKeys }
 */
export const graphQLBatchSplitter: RequestSplitter = {
  split(context: RequestContext): Promise<RequestSplit | null> | null {
    return mayCarryGraphQL(context) ? splitBatch(context) : null
  },
}

async function splitBatch(context: RequestContext): Promise<RequestSplit | null> {
  const state = await graphQLRequestState(context)
  if (state === null || state.kind !== 'batch') return null
  const parts = state.items.map((item) => {
    const part = context.fork(partRequest(context.request, item))
    seedRequestState(part, item)
    return part
  })
  return {
    parts,
    combine: async (outcomes) => {
      const items = await Promise.all(outcomes.map((outcome, index) => itemOf(outcome, state.items[index]!)))
      return negotiateContentType(context.request, HttpResponse.json(items))
    },
  }
}

/**
 * A single-operation POST for one part, so that resolvers can read `request`
 * as if the operation had come alone. (Uploaded files stay in `variables`;
 * they do not survive JSON in the part's body.)
 */
function partRequest(batch: Request, item: ParsedOperation | InvalidOperation): Request {
  const headers = new Headers(batch.headers)
  headers.set('content-type', 'application/json')
  headers.delete('content-length')
  const body = item.kind === 'operation' ? { query: item.query, variables: item.variables, operationName: item.operationName } : {}
  return new Request(batch.url, { method: 'POST', headers, body: JSON.stringify(body) })
}

async function itemOf(outcome: PartOutcome, item: ParsedOperation | InvalidOperation): Promise<unknown> {
  const label = item.kind === 'operation' ? `${item.operationType} ${item.operationName ?? '(anonymous)'}` : 'this operation'
  if (outcome.kind === 'unhandled') {
    const why = outcome.notes.length > 0 ? ` ${outcome.notes.join(' ')}` : ''
    return errorItem(`[mocklib] No request handler answered ${label} of this batch.${why}`)
  }
  const { response, handler } = outcome
  if (response.type === 'error') return errorItem(`[mocklib] "${handler.info.header}" answered ${label} with a network error.`)
  const text = await response.text()
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    body = undefined
  }
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
