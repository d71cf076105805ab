import { dispatch, ResolverError, type HandlerMatch } from './dispatch.js'
import { exceptionResponse } from './errors.js'
import type { RequestHandler } from './handler.js'
import type { HandlerList } from './handler-list.js'
import { isPassthrough } from './passthrough.js'
import type { RequestContext } from './request-context.js'

/** What became of one part of a split request. */
export type PartOutcome =
  | { readonly kind: 'answered'; readonly handler: RequestHandler; readonly response: Response }
  | { readonly kind: 'unhandled'; readonly notes: readonly string[] }

/** A request cut into parts, and how to answer the client from the parts' answers. */
export interface RequestSplit {
  /** One context per part, made with `context.fork(request)`; seed shared parsed data with `memo`. */
  readonly parts: readonly RequestContext[]
  /** The one answer to the client, from the outcomes in part order. */
  combine(outcomes: readonly PartOutcome[]): Response | Promise<Response>
}

/**
 * Turns one request that carries several independent requests (a batch) into
 * parts. Each part is resolved by the ordinary `dispatch`, in order, so a batch
 * sees exactly the handlers, order and `once` rules of single requests.
 * A channel offers a splitter (`Channel.splitter`); it is asked only when the
 * handler list holds a handler of that channel.
 */
export interface RequestSplitter {
  /** The parts of `context`'s request, or `null` when it is not split. */
  split(context: RequestContext): RequestSplit | null | Promise<RequestSplit | null>
}

const splittersByList = new WeakMap<HandlerList, readonly RequestSplitter[]>()

function splittersOf(list: HandlerList): readonly RequestSplitter[] {
  let splitters = splittersByList.get(list)
  if (splitters === undefined) {
    const found = new Set<RequestSplitter>()
    for (const handler of list.handlers) {
      const splitter = handler.indexKey.channel.splitter
      if (splitter) found.add(splitter)
    }
    splittersByList.set(list, (splitters = [...found]))
  }
  return splitters
}

/**
 * `dispatch`, unless a splitter of the list's channels splits the request: then
 * every part is dispatched on its own and the answers are combined. The
 * combined answer is credited to the first handler that answered a part; when
 * no part was answered the request is unhandled, and the parts' notes are
 * copied to `context`. A resolver that throws answers its part with the usual
 * 500 response and is reported through `onPartError`.
 */
export function dispatchSplittable(
  list: HandlerList,
  context: RequestContext,
  onPartError?: (error: ResolverError) => void,
): Promise<HandlerMatch | undefined> {
  const splitters = splittersOf(list)
  // The common case: no splitter at all costs one WeakMap lookup.
  if (splitters.length === 0) return dispatch(list, context)
  return splitThenDispatch(splitters, list, context, onPartError)
}

async function splitThenDispatch(
  splitters: readonly RequestSplitter[],
  list: HandlerList,
  context: RequestContext,
  onPartError: ((error: ResolverError) => void) | undefined,
): Promise<HandlerMatch | undefined> {
  for (const splitter of splitters) {
    const split = await splitter.split(context)
    if (split !== null) return dispatchParts(list, context, split, onPartError)
  }
  return dispatch(list, context)
}

async function dispatchParts(
  list: HandlerList,
  context: RequestContext,
  split: RequestSplit,
  onPartError: ((error: ResolverError) => void) | undefined,
): Promise<HandlerMatch | undefined> {
  const outcomes: PartOutcome[] = []
  let credited: RequestHandler | undefined
  // In order, not in parallel: a batch may hold a mutation and then a query that reads it.
  for (const part of split.parts) {
    let match: HandlerMatch | undefined
    try {
      match = await dispatch(list, part)
    } catch (error) {
      if (!(error instanceof ResolverError)) throw error
      onPartError?.(error)
      match = { handler: error.handler, response: exceptionResponse(error.thrown) }
    }
    if (match !== undefined && isPassthrough(match.response)) {
      part.addNote(`"${match.handler.info.header}" answered passthrough(), which cannot send one part of a batch to the network.`)
      match = undefined
    }
    if (match === undefined) {
      outcomes.push({ kind: 'unhandled', notes: part.notes })
    } else {
      credited ??= match.handler
      outcomes.push({ kind: 'answered', handler: match.handler, response: match.response })
    }
  }
  if (credited === undefined) {
    split.parts.forEach((part, index) => {
      for (const note of part.notes) context.addNote(`part ${index + 1} of ${split.parts.length}: ${note}`)
    })
    return undefined
  }
  return { handler: credited, response: await split.combine(outcomes) }
}
