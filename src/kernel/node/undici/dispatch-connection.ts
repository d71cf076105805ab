import { setCookieValues } from '../../cookies.js'
import { statusTextOf } from '../http-layer.js'

export interface Dispatcher {
  dispatch(options: DispatchOptions, handler: AnyHandler): boolean
  close?(...args: unknown[]): unknown
  destroy?(...args: unknown[]): unknown
}

export interface DispatchOptions {
  origin?: string | URL
  path: string
  method: string
  headers?: unknown
  body?: unknown
  [option: string]: unknown
}

// undici 6 (Node 22) calls `onConnect/onHeaders/…`; undici 7 (Node 24) may pass a handler with
// `onRequestStart/onResponseStart/…` and a controller. mocklib drives the first and adapts the second, as undici does.
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

export type AnyHandler = LegacyHandler & ControllerHandler

// Connected when it starts: undici's `request()` and `fetch()` abort a dispatch only through what
// `onConnect` gives them, so it fails as soon as their signal aborts, even during `delay()`.
export class DispatchConnection {
  readonly handler: LegacyHandler
  #done = false
  #teardown: ((error: Error) => void) | undefined
  #forward: ((reason?: unknown) => void) | undefined

  constructor(handler: AnyHandler) {
    this.handler = asLegacyHandler(handler)
    this.handler.onConnect?.((reason?: unknown) => this.#abort(reason))
  }

  get done(): boolean {
    return this.#done
  }

  /** The real dispatch's abort, for a passthrough: it then fails the handler itself. */
  forwardAbortTo(abort: (reason?: unknown) => void): void {
    this.#forward = abort
  }

  fail(error: unknown): void {
    if (this.#done) return
    this.#done = true
    const failure = error instanceof Error ? error : Object.assign(new Error(String(error)), { cause: error })
    this.#teardown?.(failure)
    this.handler.onError?.(failure)
  }

  complete(trailers: Buffer[]): void {
    if (this.#done) return
    this.#done = true
    this.handler.onComplete?.(trailers)
  }

  /** As if off the wire, honouring pause/resume; a failure meanwhile (an abort) cancels the rest of the body. */
  play(response: Response): void {
    if (this.#done) return void response.body?.cancel().catch(() => {})
    const { handler } = this
    let reader: ReadableStreamDefaultReader<Uint8Array> | undefined
    let wake: (() => void) | undefined
    this.#teardown = (error) => {
      wake?.()
      void reader?.cancel(error).catch(() => {})
    }
    const rawHeaders: Buffer[] = []
    response.headers.forEach((value, name) => {
      if (name !== 'set-cookie') rawHeaders.push(Buffer.from(name, 'latin1'), Buffer.from(value, 'latin1'))
    })
    for (const cookie of setCookieValues(response.headers)) rawHeaders.push(Buffer.from('set-cookie', 'latin1'), Buffer.from(cookie, 'latin1'))

    let paused = false
    const resume = () => {
      paused = false
      const waiting = wake
      wake = undefined
      waiting?.()
    }
    try {
      if (handler.onHeaders?.(response.status, rawHeaders, resume, statusTextOf(response)) === false) paused = true
    } catch (error) {
      void response.body?.cancel().catch(() => {})
      return this.fail(error)
    }
    if (this.#done) return void response.body?.cancel().catch(() => {})
    if (response.body === null) return this.complete([])
    const source = (reader = response.body.getReader())
    const pump = async (): Promise<void> => {
      try {
        for (;;) {
          if (paused) await new Promise<void>((resolve) => (wake = resolve))
          if (this.#done) return
          const { value, done: ended } = await source.read()
          if (this.#done) return
          if (ended) return this.complete([])
          if (handler.onData?.(Buffer.from(value.buffer, value.byteOffset, value.byteLength)) === false) paused = true
        }
      } catch (error) {
        this.fail(error)
      }
    }
    void pump()
  }

  #abort(reason?: unknown): void {
    if (this.#forward !== undefined) return this.#forward(reason)
    this.fail(reason ?? new DOMException('The operation was aborted.', 'AbortError'))
  }
}

function asLegacyHandler(handler: AnyHandler): LegacyHandler {
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
