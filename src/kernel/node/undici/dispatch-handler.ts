/**
 * The two shapes of undici's dispatch handlers, reduced to one: undici 6 (Node
 * 22) calls `onConnect/onHeaders/onData/onComplete/onError`; undici 7 (Node 24)
 * may pass a handler with `onRequestStart/onResponseStart/onResponseData/
 * onResponseEnd/onResponseError` and a controller. mocklib drives the first
 * shape and adapts the second to it, the way undici itself does.
 */

/** undici's original handler interface (what `Dispatcher#dispatch` may call). */
export interface LegacyHandler {
  onConnect?(abort: (reason?: unknown) => void, context?: unknown): void
  onHeaders?(statusCode: number, rawHeaders: Buffer[], resume: () => void, statusText: string): boolean | void
  onData?(chunk: Buffer): boolean | void
  onComplete?(rawTrailers: Buffer[] | null): void
  onError?(error: Error): void
}

interface ResponseController {
  abort(reason?: unknown): void
  pause(): void
  resume(): void
  readonly aborted: boolean
  readonly paused: boolean
  readonly reason: unknown
}

interface ControllerHandler {
  onRequestStart?(controller: ResponseController, context?: unknown): void
  onResponseStart?(controller: ResponseController, statusCode: number, headers: Record<string, string | string[]>, statusText: string): void
  onResponseData?(controller: ResponseController, chunk: Buffer): void
  onResponseEnd?(controller: ResponseController, trailers: Record<string, string | string[]>): void
  onResponseError?(controller: ResponseController, error: Error): void
}

/** Either handler shape, as received by `dispatch`. */
export type AnyHandler = LegacyHandler & ControllerHandler

/**
 * `handler` as a legacy handler.
 *
 * @example
 * const legacy = asLegacyHandler(handler)
 * legacy.onConnect?.(abort)
 */
export function asLegacyHandler(handler: AnyHandler): LegacyHandler {
  if (typeof handler.onRequestStart !== 'function') return handler
  let controller: ResponseController
  let resumeStream: (() => void) | undefined
  let paused = false
  let aborted = false
  let reason: unknown
  return {
    onConnect(abort, context) {
      controller = {
        abort(why) {
          if (aborted) return
          aborted = true
          reason = why
          abort(why)
        },
        pause: () => void (paused = true),
        resume() {
          if (!paused) return
          paused = false
          resumeStream?.()
        },
        get aborted() {
          return aborted
        },
        get paused() {
          return paused
        },
        get reason() {
          return reason
        },
      }
      handler.onRequestStart!(controller, context)
    },
    onHeaders(statusCode, rawHeaders, resume, statusText) {
      resumeStream = resume
      handler.onResponseStart?.(controller, statusCode, headerRecord(rawHeaders), statusText)
      return !paused
    },
    onData(chunk) {
      handler.onResponseData?.(controller, chunk)
      return !paused
    },
    onComplete(rawTrailers) {
      handler.onResponseEnd?.(controller, headerRecord(rawTrailers ?? []))
    },
    onError(error) {
      handler.onResponseError?.(controller, error)
    },
  }
}

function headerRecord(raw: Buffer[]): Record<string, string | string[]> {
  const record: Record<string, string | string[]> = {}
  for (let index = 0; index < raw.length; index += 2) {
    const name = raw[index]!.toString('latin1').toLowerCase()
    const value = raw[index + 1]!.toString('latin1')
    const existing = record[name]
    if (existing === undefined) record[name] = value
    else if (Array.isArray(existing)) existing.push(value)
    else record[name] = [existing, value]
  }
  return record
}
