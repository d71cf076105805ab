import type { CompletedExchange } from './completed-exchange.js'
import { createHar } from './har-document.js'
import type { Har, HarEntry } from './har-types.js'
import { createRedactor, type RedactOptions } from './redact.js'
import { harEntryFromBytes } from './to-har-entry.js'
import { knownBodyOf } from '../../kernel/known-body.js'
import { captureBody } from './body-capture.js'

/** Options of a recording. */
export interface RecordOptions {
  /**
   * `'network'` (default) records what the network answered: passthrough,
   * `bypass()` and unhandled requests sent on. `'all'` adds mocked answers.
   */
  readonly include?: 'network' | 'all'
  /** Extra headers and JSON body paths to redact; `false` records secrets as they are. */
  readonly redact?: RedactOptions | false
}

/**
 * A recording in progress.
 *
 * Memory: a recording holds one HAR entry per exchange (headers, and the
 * bodies as text or base64, so about 1.33× a binary body), nothing else. The
 * request and response copies are released as soon as their bodies are read.
 * It is bounded by the bodies recorded, so record large downloads with care.
 */
export interface Recording {
  /** Entries recorded so far (complete ones). */
  readonly size: number
  /** Resolves once every exchange seen so far has its entry (bodies read). */
  settled(): Promise<void>
  /**
   * Stops recording and returns the HAR of the exchanges whose entries are
   * complete (`await recording.settled()` first to include bodies still
   * streaming). Releases everything the recording held; later calls return an
   * empty HAR.
   */
  stop(): Har
}

/** A recording plus the hook the runtime calls for every completed exchange. */
export interface Recorder extends Recording {
  onCompleted(completed: CompletedExchange): void
}

/**
 * Creates a recorder. The runtime (or an adapter) calls `onCompleted` for every
 * completed exchange; `stop()` returns the HAR.
 *
 * @example
 * const recorder = createRecorder({ include: 'all', redact: { headers: ['x-session'] } })
 * runtime.observers.add(recorder)
 * // … traffic …
 * await recorder.settled()
 * const har = recorder.stop()
 */
export function createRecorder(options: RecordOptions = {}): Recorder {
  const include = options.include ?? 'network'
  const redactor = createRedactor(options.redact)
  // Slots keep the order exchanges completed in while bodies are read concurrently.
  let slots: Array<HarEntry | undefined> = []
  let pending = new Set<Promise<void>>()
  let stopped = false
  let size = 0

  return {
    get size() {
      return size
    },
    onCompleted(completed) {
      if (stopped || !wanted(completed, include)) return
      const index = slots.push(undefined) - 1
      const owner = slots
      const response = completed.response?.type === 'error' ? undefined : completed.response
      let requestBytes: Uint8Array | undefined
      let responseBytes: Uint8Array | undefined
      // Built synchronously as the last body ends, so that a `stop()` right
      // after the client has read the whole body includes the exchange.
      const build = () => {
        if (requestBytes === undefined || responseBytes === undefined || owner !== slots) return
        try {
          slots[index] = harEntryFromBytes(completed, requestBytes, responseBytes, redactor)
          size++
        } catch {
          // As a body that failed: no entry, rather than an unhandled rejection in a stream callback.
        }
      }
      const work = Promise.all([
        captureBody(completed.request.body, undefined, (bytes) => {
          requestBytes = bytes
          build()
        }),
        captureResponse(response, (bytes) => {
          responseBytes = bytes
          build()
        }),
      ]).then(
        () => {},
        () => {
          // A body that failed to stream (the client aborted) leaves no entry.
        },
      )
      pending.add(work)
      void work.finally(() => pending.delete(work))
    },
    async settled() {
      while (pending.size > 0) await Promise.all([...pending])
    },
    stop() {
      const entries = slots.filter((entry): entry is HarEntry => entry !== undefined)
      stopped = true
      slots = []
      pending = new Set()
      size = 0
      return createHar(entries)
    },
  }
}

/**
 * A mocked body given as a string (`HttpResponse.json/text`) is taken as it
 * is, at once: the client may have read it before a copy's stream would yield
 * (node:http on Node 22 does).
 */
function captureResponse(response: Response | undefined, onEnd: (bytes: Uint8Array) => void): Promise<void> {
  const known = response === undefined ? undefined : knownBodyOf(response)
  if (known === undefined) return captureBody(response?.body ?? null, response && declaredLength(response), onEnd)
  onEnd(new TextEncoder().encode(known))
  return Promise.resolve()
}

/** The body length a response's head announces, when it counts the bytes its stream yields (not a compressed size). */
function declaredLength(response: Response): number | undefined {
  if (response.headers.has('content-encoding')) return undefined
  const length = Number(response.headers.get('content-length') ?? Number.NaN)
  return Number.isSafeInteger(length) && length >= 0 ? length : undefined
}

function wanted(completed: CompletedExchange, include: 'network' | 'all'): boolean {
  if (include === 'all') return true
  if (completed.outcome === 'mocked') return false
  // An unhandled request without a response was failed by the policy, unless the runtime says the network failed it.
  return !(completed.outcome === 'unhandled' && completed.response === undefined && completed.failure !== 'network')
}
