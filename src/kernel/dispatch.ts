import type { Handler, PartOutcome } from './contracts.js'
import { exceptionResponse } from './errors.js'
import type { HandlerList } from './handler-list.js'
import { isPassthrough } from './passthrough.js'
import type { RequestContext } from './request-context.js'

/** What became of a request in the handler list. */
export type DispatchOutcome =
  /** A handler answered (possibly with `passthrough()`). */
  | { readonly kind: 'answered'; readonly handler: Handler; readonly response: Response }
  /** Handlers matched, but every one answered nothing: handled, sent on as it is (as msw). */
  | { readonly kind: 'fell-through' }
  /** No handler matched. */
  | { readonly kind: 'unmatched' }

const FELL_THROUGH: DispatchOutcome = { kind: 'fell-through' }
const UNMATCHED: DispatchOutcome = { kind: 'unmatched' }

/** Thrown by `dispatch` when a resolver throws; carries the handler for events. */
export class ResolverError extends Error {
  constructor(
    readonly handler: Handler,
    readonly thrown: unknown,
  ) {
    super('resolver threw', { cause: thrown })
  }
}

/**
 * Runs the candidate handlers of one request in list order until one answers.
 *
 * Each handler first `match`es (possibly asynchronously: no use is held while
 * it reads a body, so a concurrent request is never kept from a handler it
 * matches); then one use is claimed synchronously and the handler `respond`s.
 * A used-up handler is skipped; one that answers nothing gives its use back.
 * When nothing answered, each channel of the list may try once more
 * (`Channel.whenUnanswered`: GraphQL batches are split there).
 * `onPartError` hears of resolvers that threw while answering a part.
 */
export async function dispatch(
  list: HandlerList,
  context: RequestContext,
  onPartError?: (error: ResolverError) => void,
): Promise<DispatchOutcome> {
  const outcome = await dispatchWhole(list, context)
  if (outcome.kind === 'answered') return outcome
  for (const channel of list.channels('http')) {
    const more = channel.whenUnanswered?.(context, (part: RequestContext) => dispatchPart(list, part, onPartError))
    const answered = more === undefined ? undefined : await more
    if (answered !== undefined) return { kind: 'answered', ...answered }
  }
  return outcome
}

async function dispatchWhole(list: HandlerList, context: RequestContext): Promise<DispatchOutcome> {
  const found = list.candidates('http', context)
  const positions = found instanceof Promise ? await found : found
  const { handlers } = list
  let matched = false
  for (const position of positions) {
    const handler = handlers[position]!
    const matching = handler.match(context)
    const match = matching instanceof Promise ? await matching : matching
    if (match === undefined || !handler.claim()) continue
    matched = true
    let response: Response | undefined
    try {
      const result = handler.respond(match, context)
      response = result instanceof Promise ? await result : result
    } catch (error) {
      if (error instanceof Response) return { kind: 'answered', handler, response: error }
      throw new ResolverError(handler, error)
    }
    if (response !== undefined) return { kind: 'answered', handler, response }
    handler.unclaim()
  }
  return matched ? FELL_THROUGH : UNMATCHED
}

/** One part of a split request, through the same list; a throwing resolver answers its part with a 500. */
async function dispatchPart(list: HandlerList, part: RequestContext, onPartError?: (error: ResolverError) => void): Promise<PartOutcome> {
  let outcome: DispatchOutcome
  try {
    outcome = await dispatchWhole(list, part)
  } catch (error) {
    if (!(error instanceof ResolverError)) throw error
    onPartError?.(error)
    return { kind: 'answered', handler: error.handler, response: exceptionResponse(error.thrown) }
  }
  if (outcome.kind !== 'answered') return { kind: 'unhandled', notes: part.notes }
  if (isPassthrough(outcome.response)) return { kind: 'passthrough', handler: outcome.handler }
  return outcome
}
