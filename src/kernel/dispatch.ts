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
 *
 * Synchronous as long as every step is (a plain REST handler with a plain
 * resolver): the outcome then costs no promise and no turn of the event loop.
 */
export function dispatch(
  list: HandlerList,
  context: RequestContext,
  onPartError?: (error: ResolverError) => void,
): DispatchOutcome | Promise<DispatchOutcome> {
  const whole = dispatchWhole(list, context)
  if (whole instanceof Promise) return whole.then((outcome) => unanswered(list, context, outcome, onPartError))
  return unanswered(list, context, whole, onPartError)
}

/** Lets each channel try once more when the request as a whole found no answer. */
function unanswered(
  list: HandlerList,
  context: RequestContext,
  outcome: DispatchOutcome,
  onPartError?: (error: ResolverError) => void,
): DispatchOutcome | Promise<DispatchOutcome> {
  if (outcome.kind === 'answered') return outcome
  for (const channel of list.channels('http')) if (channel.whenUnanswered !== undefined) return retryByChannel(list, context, outcome, onPartError)
  return outcome
}

async function retryByChannel(list: HandlerList, context: RequestContext, outcome: DispatchOutcome, onPartError?: (error: ResolverError) => void): Promise<DispatchOutcome> {
  for (const channel of list.channels('http')) {
    const more = channel.whenUnanswered?.(context, (part: RequestContext) => dispatchPart(list, part, onPartError))
    const answered = more === undefined ? undefined : await more
    if (answered !== undefined) return { kind: 'answered', ...answered }
  }
  return outcome
}

function dispatchWhole(list: HandlerList, context: RequestContext): DispatchOutcome | Promise<DispatchOutcome> {
  const found = list.candidates('http', context)
  if (found instanceof Promise) return found.then((positions) => walkAsync(list, context, positions, 0, false))
  const { handlers } = list
  let matched = false
  for (let index = 0; index < found.length; index++) {
    const handler = handlers[found[index]!]!
    const match = handler.match(context)
    // From the first asynchronous step on, the rest of the walk is asynchronous.
    if (match instanceof Promise) return walkAsync(list, context, found, index, matched, match)
    if (match === undefined || !handler.claim()) continue
    matched = true
    let response: Response | undefined | Promise<Response | undefined>
    try {
      response = handler.respond(match, context)
    } catch (error) {
      return thrownBy(handler, error)
    }
    if (response instanceof Promise) return walkAsync(list, context, found, index, matched, undefined, response)
    if (response !== undefined) return { kind: 'answered', handler, response }
    handler.unclaim()
  }
  return matched ? FELL_THROUGH : UNMATCHED
}

/**
 * The walk of `dispatchWhole` from position `start` on, awaiting each step;
 * `pendingMatch` or `pendingResponse` is the unsettled step of the handler at `start`.
 */
async function walkAsync(
  list: HandlerList,
  context: RequestContext,
  positions: readonly number[],
  start: number,
  matchedBefore: boolean,
  pendingMatch?: Promise<unknown>,
  pendingResponse?: Promise<Response | undefined>,
): Promise<DispatchOutcome> {
  const { handlers } = list
  let matched = matchedBefore
  for (let index = start; index < positions.length; index++) {
    const handler = handlers[positions[index]!]!
    let response: Response | undefined
    if (index === start && pendingResponse !== undefined) {
      try {
        response = await pendingResponse
      } catch (error) {
        return thrownBy(handler, error)
      }
    } else {
      const matching = index === start && pendingMatch !== undefined ? pendingMatch : handler.match(context)
      const match = matching instanceof Promise ? await matching : matching
      if (match === undefined || !handler.claim()) continue
      matched = true
      try {
        const result = handler.respond(match, context)
        response = result instanceof Promise ? await result : result
      } catch (error) {
        return thrownBy(handler, error)
      }
    }
    if (response !== undefined) return { kind: 'answered', handler, response }
    handler.unclaim()
  }
  return matched ? FELL_THROUGH : UNMATCHED
}

/** A thrown Response is the answer; anything else a resolver threw becomes a `ResolverError`. */
function thrownBy(handler: Handler, error: unknown): DispatchOutcome {
  if (error instanceof Response) return { kind: 'answered', handler, response: error }
  throw new ResolverError(handler, error)
}

/** One part of a split request, through the same list; a throwing resolver answers its part with a 500. */
async function dispatchPart(list: HandlerList, part: RequestContext, onPartError?: (error: ResolverError) => void): Promise<PartOutcome> {
  let outcome: DispatchOutcome
  try {
    const whole = dispatchWhole(list, part)
    outcome = whole instanceof Promise ? await whole : whole
  } catch (error) {
    if (!(error instanceof ResolverError)) throw error
    onPartError?.(error)
    return { kind: 'answered', handler: error.handler, response: exceptionResponse(error.thrown) }
  }
  if (outcome.kind !== 'answered') return { kind: 'unhandled', notes: part.notes }
  if (isPassthrough(outcome.response)) return { kind: 'passthrough', handler: outcome.handler }
  return outcome
}
