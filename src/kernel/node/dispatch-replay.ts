import type { LegacyHandler } from './dispatch-handler.js'

/**
 * The status text a client sees for `response`: the one it was given, else the
 * reason phrase a real Node server sends for its status (what undici reports).
 *
 * @example
 * statusTextOf(new Response(null, { status: 404 })) // 'Not Found'
 */
export function statusTextOf(response: Response): string {
  // node:http is loaded when a response is played, not when mocklib/node is imported.
  return response.statusText || process.getBuiltinModule('node:http').STATUS_CODES[response.status] || ''
}

/**
 * Plays `response` to an undici dispatch handler as if it came off the wire:
 * connect, head, body chunks (honouring pause/resume), end. An abort from the
 * client cancels the response body and fails the handler with the reason.
 *
 * @example
 * replayResponse(new Response('hi'), handler)
 */
export function replayResponse(response: Response, handler: LegacyHandler, context?: unknown): void {
  let done = false
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined
  let wake: (() => void) | undefined
  const fail = (error: unknown) => {
    if (done) return
    done = true
    wake?.()
    void reader?.cancel(error).catch(() => {})
    handler.onError?.(error instanceof Error ? error : Object.assign(new Error(String(error)), { cause: error }))
  }
  const abort = (reason?: unknown) => fail(reason ?? abortError())
  handler.onConnect?.(abort, context)
  if (done) {
    void response.body?.cancel().catch(() => {})
    return
  }

  const rawHeaders: Buffer[] = []
  response.headers.forEach((value, name) => {
    if (name === 'set-cookie') return
    rawHeaders.push(Buffer.from(name, 'latin1'), Buffer.from(value, 'latin1'))
  })
  for (const cookie of response.headers.getSetCookie()) rawHeaders.push(Buffer.from('set-cookie', 'latin1'), Buffer.from(cookie, 'latin1'))

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
    return fail(error)
  }
  if (done) return
  if (response.body === null) return complete()
  reader = response.body.getReader()
  void pump(reader)

  async function pump(source: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
    try {
      for (;;) {
        if (paused) await new Promise<void>((resolve) => (wake = resolve))
        if (done) return
        const { value, done: ended } = await source.read()
        if (done) return
        if (ended) return complete()
        if (handler.onData?.(Buffer.from(value.buffer, value.byteOffset, value.byteLength)) === false) paused = true
      }
    } catch (error) {
      fail(error)
    }
  }

  function complete(): void {
    if (done) return
    done = true
    handler.onComplete?.([])
  }
}

function abortError(): Error {
  return new DOMException('The operation was aborted.', 'AbortError')
}
