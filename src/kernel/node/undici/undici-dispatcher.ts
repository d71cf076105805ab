import { message } from '../../errors.js'
import { onFirstUse } from '../../on-first-use.js'
import { BYPASS_HEADER, bypassValue, ownCall } from '../../passthrough.js'
import type { AnyHandler } from './dispatch-handler.js'
import type { UnansweredDispatch } from './dispatch-answering.js'
import { headerLines } from './header-lines.js'
import type { HttpSink } from '../exchange-sink.js'

type Answering = typeof import('./dispatch-answering.js')
/**
 * What answers a dispatch (the exchange, the replay to undici's handler, a
 * passthrough's relay): loaded by the first dispatch that is not mocklib's own
 * call, which waits for it; later ones find it loaded and run synchronously.
 */
const answering = onFirstUse(
  () => import('./dispatch-answering.js'),
  (error) => new Error(message(`The undici dispatch answering could not be loaded (${String(error)}), so an undici request made while listening failed rather than going to the network unchecked.`, 'If mocklib/node is bundled, keep the chunks it imports next to it.')),
)

/** Runs `use` with the answering module: at once once loaded, else when the first load ends (a failed load fails the dispatch). */
function withAnswering(handler: AnyHandler, use: (loaded: Answering) => void): void {
  if (answering.loaded !== undefined) return use(answering.loaded)
  answering.load().then(use, (error: Error) => failUnconnected(handler, error))
}

/** Fails a dispatch that was never connected, in whichever of undici's two handler shapes it has. */
function failUnconnected(handler: AnyHandler, error: Error): void {
  if (typeof handler.onRequestStart !== 'function') return handler.onError?.(error)
  const controller = { abort() {}, pause() {}, resume() {}, aborted: false, paused: false, reason: undefined }
  handler.onResponseError?.(controller, error)
}

/** Where every undici (Node's bundled one and the npm package) looks up its global dispatcher. */
const GLOBAL_DISPATCHER = Symbol.for('undici.globalDispatcher.1')

/**
 * The header by which the fetch fast path hands undici a request together with
 * its already-decided answer (see `answerOnce`). Removed before anything sees it.
 */
const ANSWER_HEADER = 'x-mocklib-answer'

/** The part of undici's `Dispatcher` this source relies on. */
export interface Dispatcher {
  dispatch(options: DispatchOptions, handler: AnyHandler): boolean
  close?(...args: unknown[]): unknown
  destroy?(...args: unknown[]): unknown
}

/** What undici hands `dispatch`: the request, in its own shape. */
export interface DispatchOptions {
  origin?: string | URL
  path: string
  method: string
  headers?: unknown
  body?: unknown
  [option: string]: unknown
}

/** The running dispatcher source. */
export interface DispatcherSource {
  /**
   * Registers `response` as the answer to the next dispatch of a request that
   * carries the returned header; the fast path uses it to let undici's fetch
   * follow a mocked redirect or decode a mocked compressed body itself.
   */
  answerOnce(response: Response): readonly [name: string, value: string]
  /** Puts the previous global dispatcher back. */
  stop(): void
}

/**
 * Installs a global undici dispatcher that answers `undici.request`,
 * `undici.fetch`, Node's fetch, and anything else using the global dispatcher
 * from the handlers, and sends passthroughs to the dispatcher it replaced.
 * Because mocked requests never reach the previous dispatcher, a connection it
 * pooled before `listen()` cannot carry them. Returns `undefined` when there is
 * no undici in this process.
 *
 * @example
 * const source = installDispatcherSource(runtime.handle)
 * // … later
 * source?.stop()
 */
export function installDispatcherSource(sink: HttpSink, owner: object = globalThis): DispatcherSource | undefined {
  // Node loads its bundled undici (which creates the default Agent) on first use of a fetch global.
  void new Headers()
  // `owner`: the global object whose undici clients to answer (Node's main one, seen from a Jest or edge-runtime context).
  const slot = owner as Record<symbol, Dispatcher | undefined>
  const found = slot[GLOBAL_DISPATCHER]
  if (found === undefined || typeof found.dispatch !== 'function') return undefined
  const previous: Dispatcher = found

  const answers = new Map<string, Response>()
  let nextAnswer = 0
  const dispatcher: Dispatcher & { isMockActive: false } = {
    // undici's fetch streams the request body to a dispatcher that is not a MockAgent.
    isMockActive: false,
    dispatch(options, handler) {
      const lines = headerLines(options.headers)
      let mark: string | undefined
      let answerKey: string | undefined
      const kept: Array<[string, string]> = []
      for (const line of lines) {
        const name = line[0].toLowerCase()
        if (name === BYPASS_HEADER) mark = line[1]
        else if (name === ANSWER_HEADER) answerKey = line[1]
        else kept.push(line)
      }
      // An unmarked dispatch (the usual one) never makes the process secret.
      if (mark !== undefined && mark === ownCall()) return previous.dispatch(answerKey === undefined ? options : { ...options, headers: [...kept, [BYPASS_HEADER, mark]].flat() }, handler)
      const answer = answerKey === undefined ? undefined : answers.get(answerKey)
      if (answer !== undefined) {
        answers.delete(answerKey!)
        // A microtask later at the soonest, as a connection would answer.
        queueMicrotask(() => withAnswering(handler, (loaded) => loaded.replayAnswer(answer, handler)))
        return true
      }
      const dispatch: UnansweredDispatch = { options, handler, lines: kept, bypassed: mark !== undefined && mark === bypassValue(), sink, previous }
      withAnswering(handler, (loaded) => void loaded.answerDispatch(dispatch))
      return true
    },
    close: (...args) => previous.close?.(...args),
    destroy: (...args) => previous.destroy?.(...args),
  }

  slot[GLOBAL_DISPATCHER] = dispatcher
  return {
    answerOnce(response) {
      const key = `${nextAnswer++}`
      answers.set(key, response)
      return [ANSWER_HEADER, key]
    },
    stop() {
      if (slot[GLOBAL_DISPATCHER] === dispatcher) slot[GLOBAL_DISPATCHER] = previous
      for (const response of answers.values()) void response.body?.cancel().catch(() => {})
      answers.clear()
    },
  }
}
