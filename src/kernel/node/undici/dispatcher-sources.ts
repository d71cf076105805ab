import type { HttpSink } from '../exchange-sink.js'
import { inForeignContext, loadMainUndici, nodeMainGlobal } from '../main-realm.js'
import { installDispatcherSource, type DispatcherSource } from './undici-dispatcher.js'

/**
 * Installs the dispatcher source on every global object whose undici clients a
 * test can reach: this context's (undici's npm package loaded by the test, or
 * Node's own when the test runs in Node's main context) and, when the test runs
 * in a `vm` context of its own (Jest, Vitest's edge-runtime), Node's main one,
 * where Node's own fetch looks its dispatcher up even when the environment
 * copied that fetch into the test's context (jest-fixed-jsdom, Jest's node
 * environment). Returns the source Node's own fetch goes through (the fetch fast
 * path hands it the answers only undici can play, see `answerOnce`), with a
 * `stop` for all of them; `undefined` when there is no undici anywhere.
 *
 * @example
 * const dispatcher = installDispatcherSources(runtime.handle)
 * dispatcher?.stop()
 */
export function installDispatcherSources(sink: HttpSink): DispatcherSource | undefined {
  const own = installDispatcherSource(sink)
  if (!inForeignContext()) return own
  loadMainUndici()
  const main = installDispatcherSource(sink, nodeMainGlobal())
  if (main === undefined || own === undefined) return main ?? own
  return {
    answerOnce: (response) => main.answerOnce(response),
    stop() {
      main.stop()
      own.stop()
    },
  }
}
