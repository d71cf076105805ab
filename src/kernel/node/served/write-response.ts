import type { ServerResponse } from 'node:http'
import { knownBodyOf, NULL_BODY_STATUSES } from '../../known-body.js'

/** The body streams as written (an event stream is never buffered); `Response.error()` destroys the socket. */
export async function writeResponse(response: Response, target: ServerResponse, method: string, extraHeaders?: Headers): Promise<void> {
  if (response.type === 'error') {
    target.socket?.destroy()
    target.destroy()
    return
  }
  target.statusCode = response.status
  if (response.statusText) target.statusMessage = response.statusText
  for (const [name, value] of response.headers) {
    if (name === 'set-cookie') continue
    target.setHeader(name, value)
  }
  const cookies = response.headers.getSetCookie()
  if (cookies.length > 0) target.setHeader('set-cookie', cookies)
  if (extraHeaders) for (const [name, value] of extraHeaders) if (!target.hasHeader(name)) target.setHeader(name, value)

  // A body made from a string (HttpResponse.json/text) goes out as it is: no stream to make and read.
  const bodiless = method === 'HEAD' || NULL_BODY_STATUSES.has(response.status)
  const known = bodiless ? undefined : knownBodyOf(response)
  if (known !== undefined) return void target.end(known)
  const body = response.body
  if (body === null || bodiless) {
    void body?.cancel().catch(() => {})
    target.end()
    return
  }
  // The head goes out now: a client of a stream (SSE) sees it before the first event.
  target.flushHeaders()
  const reader = body.getReader()
  const clientGone = (): void => void reader.cancel().catch(() => {})
  target.once('close', clientGone)
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      if (target.destroyed) return
      if (!target.write(value)) await new Promise<void>((resolve) => {
        const settle = (): void => {
          target.off('drain', settle)
          target.off('close', settle)
          resolve()
        }
        target.once('drain', settle)
        target.once('close', settle)
      })
    }
    target.end()
  } catch {
    // The body stream failed midway (a resolver's stream errored): the client must not take a cut body for a whole one.
    target.destroy()
  } finally {
    target.off('close', clientGone)
  }
}
