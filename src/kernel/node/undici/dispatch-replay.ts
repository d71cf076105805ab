import { setCookieValues } from '../../cookies.js'
import { DispatchConnection } from './dispatch-connection.js'
import type { LegacyHandler } from './dispatch-handler.js'
import { statusTextOf } from '../status-text.js'

/**
 * Plays `response` to an undici dispatch handler as if it came off the wire:
 * connect, head, body chunks (honouring pause/resume), end. An abort from the
 * client cancels the response body and fails the handler with the reason.
 *
 * @example
 * replayResponse(new Response('hi'), handler)
 */
export function replayResponse(response: Response, handler: LegacyHandler, context?: unknown): void {
  playResponse(response, new DispatchConnection(handler, context))
}

/**
 * Plays `response` on a dispatch that is already connected: head, body chunks
 * (honouring pause/resume), end. If the dispatch fails meanwhile (the client
 * aborts), the rest of the body is cancelled.
 *
 * @example
 * const connection = new DispatchConnection(handler)
 * playResponse(await answer, connection)
 */
export function playResponse(response: Response, connection: DispatchConnection): void {
  if (connection.done) {
    void response.body?.cancel().catch(() => {})
    return
  }
  const { handler } = connection
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined
  let wake: (() => void) | undefined
  connection.onTeardown((error) => {
    wake?.()
    void reader?.cancel(error).catch(() => {})
  })

  const rawHeaders: Buffer[] = []
  response.headers.forEach((value, name) => {
    if (name === 'set-cookie') return
    rawHeaders.push(Buffer.from(name, 'latin1'), Buffer.from(value, 'latin1'))
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
    return connection.fail(error)
  }
  if (connection.done) return void response.body?.cancel().catch(() => {})
  if (response.body === null) return connection.complete([])
  reader = response.body.getReader()
  void pump(reader)

  async function pump(source: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
    try {
      for (;;) {
        if (paused) await new Promise<void>((resolve) => (wake = resolve))
        if (connection.done) return
        const { value, done: ended } = await source.read()
        if (connection.done) return
        if (ended) return connection.complete([])
        if (handler.onData?.(Buffer.from(value.buffer, value.byteOffset, value.byteLength)) === false) paused = true
      }
    } catch (error) {
      connection.fail(error)
    }
  }
}
