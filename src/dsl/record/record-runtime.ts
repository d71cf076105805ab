import type { HandlerScope, TrafficObserver } from '../../kernel/index.js'
import { createRecorder, type RecordOptions, type Recording } from './recorder.js'

/** The part of a runtime recording needs: its observers (kernel v2 `Runtime.observers`). */
export interface ObservedRuntime {
  readonly observers: Set<TrafficObserver>
}

/**
 * Records the completed exchanges a runtime reports for one scope (the root,
 * or a `boundary()`'s own): what `server.record()` and `worker.record()` are
 * made of. `stop()` removes the observer, so a stopped recording costs nothing.
 * `reportsArrived` is for a runtime whose sources report real responses late
 * (the browser's: see `ReportTracker`): `settled()` waits for it before it
 * waits for the bodies being read, so the exchanges it reports are in.
 *
 * @example
 * // Inside setupServer: record(options) { return withSave(recordRuntime(core, store.current(), options)) }
 * const recording = recordRuntime(runtime, store.current())
 * await recording.settled()
 * const har = recording.stop()
 */
export function recordRuntime(
  runtime: ObservedRuntime,
  scope: HandlerScope,
  options: RecordOptions = {},
  reportsArrived: () => Promise<void> | undefined = () => undefined,
): Recording {
  const recorder = createRecorder(options)
  const observer: TrafficObserver = {
    onCompleted(completed) {
      if (completed.scope === scope) recorder.onCompleted(completed)
    },
  }
  runtime.observers.add(observer)
  return {
    get size() {
      return recorder.size
    },
    async settled() {
      await reportsArrived()
      await recorder.settled()
    },
    stop() {
      runtime.observers.delete(observer)
      return recorder.stop()
    },
  }
}
