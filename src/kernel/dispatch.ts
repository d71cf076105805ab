import type { Handler, PartOutcome } from './contracts.js'
import { exceptionResponse } from './errors.js'
import type { HandlerList } from './handler-list.js'
import { isPassthrough } from './passthrough.js'
import type { RequestContext } from './request-context.js'
import { runSteps, step, type Steps } from './steps.js'

export type DispatchOutcome =
  | { readonly kind: 'answered'; readonly handler: Handler; readonly response: Response }
  // Handlers matched, but every one answered nothing: handled, sent on as it is (as msw).
  | { readonly kind: 'fell-through' }
  | { readonly kind: 'unmatched' }

const FELL_THROUGH: DispatchOutcome = { kind: 'fell-through' }
export const UNMATCHED: DispatchOutcome = { kind: 'unmatched' }

export class ResolverError extends Error {
  constructor(
    readonly handler: Handler,
    readonly thrown: unknown,
  ) {
    super('resolver threw', { cause: thrown })
  }
}

/** Rejects with a `ResolverError` when a resolver throws; `onPartError` hears of those of a split request's parts. */
export async function dispatch(list: HandlerList, context: RequestContext, onPartError?: (error: ResolverError) => void): Promise<DispatchOutcome> {
  return runSteps(dispatchSteps(list, context, onPartError))
}

// No use is held while a handler matches (it may read a body): a concurrent request is never kept from a handler it matches.
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
