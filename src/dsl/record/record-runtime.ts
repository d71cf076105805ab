import type { HandlerScope, LifecycleEvents, RequestEventInfo, ResponseEventInfo, TrafficObserver } from '../../kernel/index.js'
import { createRecorder, type Recorder, type RecordOptions, type Recording } from './recorder.js'

/**
 * `server.record()` and `worker.record()`: what a runtime reports for one scope. `reportsArrived` is
 * for a runtime whose sources report real responses late (the browser's): `settled()` waits for it.
 */
export function recordRuntime(
  runtime: { readonly observers: Set<TrafficObserver> },
  scope: HandlerScope,
  options: RecordOptions = {},
  reportsArrived?: () => Promise<void> | undefined,
): Recording {
  const recorder = createRecorder(options)
  const observer: TrafficObserver = {
    onCompleted(completed) {
      if (completed.scope === scope) recorder.onCompleted(completed)
    },
  }
  runtime.observers.add(observer)
  return recordingOf(recorder, () => runtime.observers.delete(observer), reportsArrived)
}

function recordingOf(recorder: Recorder, detach: () => void, beforeSettled?: () => Promise<void> | undefined): Recording {
  return {
    get size() {
      return recorder.size
    },
    async settled() {
      await beforeSettled?.()
      await recorder.settled()
    },
    stop() {
      detach()
      return recorder.stop()
    },
  }
}

// Started requests that never got a response event (policy-failed, aborted) are forgotten past this many.
const MAX_IN_FLIGHT = 1_000

/**
 * `request:start` keeps an unread copy of the request, `response:mocked`/`response:bypass` complete
 * it (a bypass without a start came from `bypass()`).
 */
export function recordEvents(events: LifecycleEvents, options: RecordOptions = {}): Recording {
  const recorder = createRecorder(options)
  const started = new Map<string, { readonly copy: Request; readonly startedAt: number; unhandled: boolean }>()

  const onStart = ({ request, requestId }: RequestEventInfo) => {
    if (started.size >= MAX_IN_FLIGHT) started.delete(started.keys().next().value as string)
    started.set(requestId, { copy: request.bodyUsed ? request : request.clone(), startedAt: Date.now(), unhandled: false })
  }
  const onUnhandled = ({ requestId }: RequestEventInfo) => {
    const entry = started.get(requestId)
    if (entry) entry.unhandled = true
  }
  const complete = (kind: 'mocked' | 'network') => ({ request, requestId, response }: ResponseEventInfo) => {
    const entry = started.get(requestId)
    started.delete(requestId)
    const outcome = kind === 'mocked' ? 'mocked' : entry === undefined ? 'bypass' : entry.unhandled ? 'unhandled' : 'passthrough'
    const startedAt = entry?.startedAt ?? Date.now()
    recorder.onCompleted({
      id: requestId,
      request: entry?.copy ?? (request.bodyUsed ? request : request.clone()),
      response: response.type === 'error' ? undefined : response.bodyUsed ? response : response.clone(),
      outcome,
      startedAt,
      durationMs: Date.now() - startedAt,
    })
  }
  const onMocked = complete('mocked')
  const onNetwork = complete('network')

  events.on('request:start', onStart)
  events.on('request:unhandled', onUnhandled)
  events.on('response:mocked', onMocked)
  events.on('response:bypass', onNetwork)
  return recordingOf(recorder, () => {
    events.removeListener('request:start', onStart)
    events.removeListener('request:unhandled', onUnhandled)
    events.removeListener('response:mocked', onMocked)
    events.removeListener('response:bypass', onNetwork)
    started.clear()
  })
}
