import type { MockSocket } from './mock-socket.js'

const CRLF = '\r\n'

/**
 * Writes a Fetch Response into a MockSocket as an HTTP/1.1 response, so that
 * the ClientRequest parses it like one from a server. A body of unknown length
 * is sent chunked, chunk by chunk as the stream yields them (streaming
 * survives). A body stream that errors destroys the socket (the client sees
 * 'error' or an aborted response).
 */
export async function writeResponse(socket: MockSocket, response: Response, method: string): Promise<void> {
  const { status } = response
  const bodyless = method === 'HEAD' || status === 204 || status === 304 || status < 200 || response.body === null
  const hasLength = response.headers.has('content-length')
  const chunked = !bodyless && !hasLength
  let head = `HTTP/1.1 ${status} ${response.statusText || process.getBuiltinModule('node:http').STATUS_CODES[status] || ''}${CRLF}`
  for (const [name, value] of response.headers) {
    if (name === 'set-cookie' || (chunked && name === 'transfer-encoding')) continue
    head += `${name}: ${value}${CRLF}`
  }
  for (const cookie of response.headers.getSetCookie()) head += `set-cookie: ${cookie}${CRLF}`
  if (chunked) head += `transfer-encoding: chunked${CRLF}`
  else if (response.body === null && !hasLength && method !== 'HEAD' && status >= 200 && status !== 204 && status !== 304) head += `content-length: 0${CRLF}`
  head += CRLF

  if (bodyless || response.body === null) {
    socket.deliver(head)
    void response.body?.cancel().catch(() => {})
    socket.deliver(null)
    return
  }

  const reader = response.body.getReader()
  let pending: string | Buffer | undefined = head
  try {
    for (;;) {
      const { value, done } = await reader.read()
      if (socket.destroyed) {
        void reader.cancel().catch(() => {})
        return
      }
      if (done) break
      if (value.byteLength === 0) continue
      const bytes = Buffer.from(value.buffer, value.byteOffset, value.byteLength)
      const framed = chunked ? Buffer.concat([Buffer.from(`${pending ?? ''}${bytes.byteLength.toString(16)}${CRLF}`), bytes, Buffer.from(CRLF)]) : pending === undefined ? bytes : Buffer.concat([Buffer.from(pending), bytes])
      pending = undefined
      socket.deliver(framed)
    }
  } catch (error) {
    socket.destroy(error instanceof Error ? error : new Error(String(error)))
    return
  }
  const tail = `${pending ?? ''}${chunked ? `0${CRLF}${CRLF}` : ''}`
  if (tail !== '') socket.deliver(tail)
  socket.deliver(null)
}
