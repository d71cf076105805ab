import { knownBodyOf } from '../../kernel/known-body.js'
import { BodyCapture } from './body-capture.js'
import { createHar } from './har-document.js'
import type { Har, HarEntry } from './har-types.js'
import { createRedactor, type RedactOptions, type Redactor } from './redact.js'
import { harEntryFromBytes, type CompletedExchange } from './to-har-entry.js'

/**
 * Options of a recording.
 *
 * @example
 * server.record({ include: 'all', redact: { jsonPaths: ['token'] } })
 */
export interface RecordOptions {
  /** `'network'` (default): passthrough, `bypass()` and unhandled requests sent on; `'all'` adds mocked answers. */
  readonly include?: 'network' | 'all'
  /** Extra headers and JSON body paths to redact; `false` records secrets as they are. */
  readonly redact?: RedactOptions | false
}

/** Holds one HAR entry per exchange (a binary body as base64, about 1.33×): record large downloads with care. */
export interface Recording {
  /** Complete entries so far. */
  readonly size: number
  /** Resolves once every exchange seen so far has its entry. */
  settled(): Promise<void>
  /** The HAR so far; a body still arriving is cut (the entry's `comment` says so). Later calls return an empty HAR. */
  stop(): Har
}

export interface Recorder extends Recording {
  onCompleted(completed: CompletedExchange): void
}

export function createRecorder(options: RecordOptions = {}): Recorder {
  const include = options.include ?? 'network'
  const redactor = createRedactor(options.redact)
  // Slots keep completion order while bodies are read concurrently: an entry, or the exchange still in flight.
  let slots: Array<HarEntry | InFlight> = []
  let pending = new Set<Promise<void>>()
  let stopped = false
  let size = 0

  return {
    get size() {
      return size
    },
    onCompleted(completed) {
      if (stopped || !wanted(completed, include)) return
      const index = slots.length
      const owner = slots
      const response = completed.response?.type === 'error' ? undefined : completed.response
      const inFlight: InFlight = { completed }
      // Synchronous: a `stop()` right after the client read the last body includes the exchange.
      const build = () => {
        const { request, response } = inFlight
        if (!request?.ended || !response?.ended || owner !== slots || slots[index] !== inFlight) return
        const entry = entryOf(inFlight, redactor)
        if (entry === undefined) return
        slots[index] = entry
        size++
      }
      slots.push(inFlight)
      inFlight.request = new BodyCapture(completed.request.body, undefined, build)
      inFlight.response = new BodyCapture(responseBody(response), response && declaredLength(response), build)
      // A body given whole ended before the other capture existed.
      build()
      // A client that aborted or a broken connection: `stop()` keeps what arrived, and says so.
      const work = Promise.all([inFlight.request.done, inFlight.response.done]).then(
        () => {},
        (error: unknown) => {
          inFlight.failure = error
        },
      )
      pending.add(work)
      void work.finally(() => pending.delete(work))
    },
    async settled() {
      while (pending.size > 0) await Promise.all([...pending])
    },
    stop() {
      const entries: HarEntry[] = []
      for (const slot of slots) {
        const entry = 'startedDateTime' in slot ? slot : entryOf(slot, redactor)
        if (entry !== undefined) entries.push(entry)
      }
      stopped = true
      slots = []
      pending = new Set()
      size = 0
      return createHar(entries)
    },
  }
}

interface InFlight {
  readonly completed: CompletedExchange
  request?: BodyCapture
  response?: BodyCapture
  failure?: unknown
}

function entryOf({ completed, request, response, failure }: InFlight, redactor: Redactor): HarEntry | undefined {
  try {
    const requestBytes = request!.cut()
    const responseBytes = response!.cut()
    const entry = harEntryFromBytes(completed, requestBytes, responseBytes, redactor)
    if (request!.ended && response!.ended) return entry
    const [which, bytes] = response!.ended ? ['request', requestBytes] : ['response', responseBytes]
    const why = failure === undefined ? 'the recording stopped while it was still arriving' : `it failed (${failure instanceof Error ? failure.message : String(failure)})`
    entry.comment = `[mocklib] body cut: the ${which} body has only the ${bytes.byteLength} bytes that had arrived; ${why}.`
    return entry
  } catch {
    // No exception out of stop() or a stream callback.
    return undefined
  }
}

/** A string body is taken at once: the client may have read it before a copy's stream yields (node:http, Node 22). */
function responseBody(response: Response | undefined): ReadableStream<Uint8Array> | Uint8Array | null {
  if (response === undefined) return null
  const known = knownBodyOf(response)
  return known === undefined ? response.body : new TextEncoder().encode(known)
}

/** Only when it counts the bytes the stream yields (not a compressed size). */
function declaredLength(response: Response): number | undefined {
  if (response.headers.has('content-encoding')) return undefined
  const length = Number(response.headers.get('content-length') ?? Number.NaN)
  return Number.isSafeInteger(length) && length >= 0 ? length : undefined
}

function wanted(completed: CompletedExchange, include: 'network' | 'all'): boolean {
  if (include === 'all') return true
  if (completed.outcome === 'mocked') return false
  // An unhandled request without a response was failed by the policy, unless the network failed it.
  return !(completed.outcome === 'unhandled' && completed.response === undefined && completed.failure !== 'network')
}
