import { BYPASS_HEADER, bypassValue, ownCall } from '../../passthrough.js'
import { headerLines, type HttpSink } from '../http-layer.js'
import { inForeignContext, type MainRealm, nodeMainGlobal } from '../main-realm.js'
import { answerDispatch } from './dispatch-answering.js'
import { DispatchConnection, type Dispatcher } from './dispatch-connection.js'

// Where every undici (Node's bundled one and the npm package) looks up its global dispatcher.
const GLOBAL_DISPATCHER = Symbol.for('undici.globalDispatcher.1')

// How the fetch fast path hands undici a request with its decided answer; removed before anything sees it.
const ANSWER_HEADER = 'x-mocklib-answer'

export interface DispatcherSource {
  /** The answer to the next dispatch carrying the returned header: lets undici's fetch follow a mocked redirect or decode a body. */
  answerOnce(response: Response): readonly [name: string, value: string]
  stop(): void
}

// Also on Node's main global in a `vm` context (Jest): Node's fetch looks its dispatcher up there even
// when copied into the test's context. `undefined` when there is no undici anywhere.
export function installDispatcherSources(sink: HttpSink): DispatcherSource | undefined {
  const own = installDispatcherSource(sink, globalThis)
  if (!inForeignContext()) return own
  const main = installDispatcherSource(sink, nodeMainGlobal()!)
  if (main === undefined || own === undefined) return main ?? own
  return {
    answerOnce: (response) => main.answerOnce(response),
    stop() {
      main.stop()
      own.stop()
    },
  }
}

/** Mocked requests never reach the previous dispatcher, so a connection it pooled before `listen()` cannot carry them. */
function installDispatcherSource(sink: HttpSink, owner: MainRealm & object): DispatcherSource | undefined {
  // Node loads its bundled undici (which creates the default Agent) on first use of a Fetch class of the realm.
  if (typeof owner.Headers === 'function') void new owner.Headers()
  const slot = owner as Record<symbol, Dispatcher | undefined>
  const previous = slot[GLOBAL_DISPATCHER]
  if (previous === undefined || typeof previous.dispatch !== 'function') return undefined

  const answers = new Map<string, Response>()
  let nextAnswer = 0
  const dispatcher: Dispatcher & { isMockActive: false } = {
    // undici's fetch streams the request body to a dispatcher that is not a MockAgent.
    isMockActive: false,
    dispatch(options, handler) {
      let mark: string | undefined
      let answerKey: string | undefined
      const kept: Array<[string, string]> = []
      for (const line of headerLines(options.headers)) {
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
        queueMicrotask(() => new DispatchConnection(handler).play(answer))
        return true
      }
      void answerDispatch(options, handler, kept, mark !== undefined && mark === bypassValue(), sink, previous)
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
