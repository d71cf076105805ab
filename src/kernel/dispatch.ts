import type { Handler, PartOutcome } from './contracts.js'
import { exceptionResponse } from './errors.js'
import type { HandlerList } from './handler-list.js'
import { isPassthrough } from './passthrough.js'
import type { RequestContext } from './request-context.js'
import { runSteps, step, type Steps } from './steps.js'

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
 * Rejects with a `ResolverError` when a resolver throws (a thrown Response is
 * the answer). `onPartError` hears of resolvers that threw while answering a
 * part of a split request (see `dispatchSteps`).
 *
 * @example
 * const outcome = await dispatch(scope.list, new RequestContext(exchange, scope))
 */
export async function dispatch(list: HandlerList, context: RequestContext, onPartError?: (error: ResolverError) => void): Promise<DispatchOutcome> {
  return runSteps(dispatchSteps(list, context, onPartError))
}

/**
 * The steps of `dispatch`, for a flow that runs them among its own.
 *
 * Each handler first `match`es (possibly asynchronously: no use is held while
 * it reads a body, so a concurrent request is never kept from a handler it
 * matches); then one use is claimed synchronously and the handler `respond`s.
 * A used-up handler is skipped; one that answers nothing gives its use back.
 * When nothing answered the request as a whole, each channel of the list may
 * try once more (`Channel.whenUnanswered`: GraphQL batches are split there);
 * a part of a split request (`part`) is not split again.
 */
export function* dispatchSteps(list: HandlerList, context: RequestContext, onPartError?: (error: ResolverError) => void, part = false): Steps<DispatchOutcome> {
  const found = list.candidates('http', context)
  const positions = found instanceof Promise ? yield* step(found) : found
  let matched = false
  for (let index = 0; index < positions.length; index++) {
    const handler = list.handlers[positions[index]!]!
    const matching = handler.match(context)
    const match = matching instanceof Promise ? yield* step(matching) : matching
    if (match === undefined || !handler.claim()) continue
    matched = true
    let response: Response | undefined
    try {
      const responding = handler.respond(match, context)
      response = responding instanceof Promise ? yield* step(responding) : responding
    } catch (error) {
      if (error instanceof Response) return { kind: 'answered', handler, response: error }
      throw new ResolverError(handler, error)
    }
    if (response !== undefined) return { kind: 'answered', handler, response }
    handler.unclaim()
  }
  if (!part) {
    for (const channel of list.channels('http')) {
      const more = channel.whenUnanswered?.(context, (piece: RequestContext) => dispatchPart(list, piece, onPartError))
      const answered = more === undefined ? undefined : yield* step(more)
      if (answered !== undefined) return { kind: 'answered', ...answered }
    }
  }
  return matched ? FELL_THROUGH : UNMATCHED
}

/** One part of a split request, through the same list; a throwing resolver answers its part with a 500. */
async function dispatchPart(list: HandlerList, part: RequestContext, onPartError?: (error: ResolverError) => void): Promise<PartOutcome> {
  let outcome: DispatchOutcome
  try {
    outcome = await runSteps(dispatchSteps(list, part, onPartError, true))
  } catch (error) {
    if (!(error instanceof ResolverError)) throw error
    onPartError?.(error)
    return { kind: 'answered', handler: error.handler, response: exceptionResponse(error.thrown) }
  }
  if (outcome.kind !== 'answered') return { kind: 'unhandled', notes: part.notes }
  if (isPassthrough(outcome.response)) return { kind: 'passthrough', handler: outcome.handler }
  return outcome
}
