import { knownBodyOf } from '../known-body.js'
import { createResponseMark } from '../response-mark.js'
import { statusTextOf } from './dispatch-replay.js'
import type { MockSocket } from './mock-socket.js'

const CRLF = '\r\n'

const wireResponses = createResponseMark()

/**
 * Marks a Response whose header values were read off a real connection (Node
 * and undici decode header bytes as latin1): the writer sends them back as
 * latin1, the same bytes the server sent, instead of UTF-8-encoding them again.
 * @internal
 *
 * @example
 * markWireHeaders(new Response(body, { headers: incoming.rawHeaders })) // passthrough of a real answer
 */
export const markWireHeaders = wireResponses.mark

/**
 * Writes a Fetch Response into a MockSocket as an HTTP/1.1 response, so that
 * the ClientRequest parses it like one from a server. A body of unknown length
 * is sent chunked, chunk by chunk as the stream yields them (streaming
 * survives), and only as fast as the client reads (a paused response pauses
 * the body stream). A body stream that errors destroys the socket (the client
 * sees 'error' or an aborted response).
 *
 * A body the response was built from as a string (`HttpResponse.text`,
 * `json`…) is written at once, without reading the stream: then no promise is
 * returned. A returned promise rejects when the body cannot be read.
 *
 * @example
 * await writeResponse(socket, new Response('hi'), 'GET')
 */
export function writeResponse(socket: MockSocket, response: Response, method: string): Promise<void> | undefined {
  const { status } = response
  // A known body is a body: asking for the stream would make one for nothing.
  const known = knownBodyOf(response)
  const body = known === undefined ? response.body : undefined
  const empty = known === undefined && body === null
  const bodyless = method === 'HEAD' || status === 204 || status === 304 || status < 200 || empty
  const { headers } = response
  const hasLength = headers.has('content-length')
  const chunked = !bodyless && !hasLength
  let head = `HTTP/1.1 ${status} ${statusTextOf(response)}${CRLF}`
  let cookies = false
  for (const [name, value] of headers) {
    if (name === 'set-cookie') cookies = true
    else if (!chunked || name !== 'transfer-encoding') head += `${name}: ${value}${CRLF}`
  }
  // After the others, each on a line of its own.
  if (cookies) for (const cookie of headers.getSetCookie()) head += `set-cookie: ${cookie}${CRLF}`
  if (chunked) head += `transfer-encoding: chunked${CRLF}`
  else if (empty && !hasLength && method !== 'HEAD' && status >= 200 && status !== 204 && status !== 304) head += `content-length: 0${CRLF}`
  head += CRLF

  if (bodyless) {
    socket.deliverAll(Buffer.from(head, headEncoding(response)))
    void body?.cancel().catch(() => {})
    return
  }
  if (known !== undefined) {
    // The bytes the stream would yield, framed as the stream path frames them (one chunk).
    // Only helpers record a known body, and their responses never come from fetch: UTF-8.
    socket.deliverAll(withKnownBody(head, wireResponses.has(response) ? 'latin1' : 'utf8', known, chunked))
    return
  }
  return streamBody(socket, body!, Buffer.from(head, headEncoding(response)), chunked)
}

/** Sends the body stream as the client reads it, after the head. */
async function streamBody(socket: MockSocket, body: ReadableStream<Uint8Array>, headBytes: Buffer, chunked: boolean): Promise<void> {
  const reader = body.getReader()
  socket.once('close', () => void reader.cancel().catch(() => {}))
  let pending: Buffer | undefined = headBytes
  let ended = false
  socket.deliverFrom(async () => {
    if (ended) return null
    for (;;) {
      const { value, done } = await reader.read()
      if (done) {
        ended = true
        const tail = chunked ? Buffer.from(`0${CRLF}${CRLF}`) : Buffer.alloc(0)
        const last = pending === undefined ? tail : Buffer.concat([pending, tail])
        pending = undefined
        // An empty buffer would be no answer at all: end the stream right away.
        return last.byteLength === 0 ? null : last
      }
      if (value.byteLength === 0) continue
      const bytes = Buffer.from(value.buffer, value.byteOffset, value.byteLength)
      const parts = chunked ? [Buffer.from(`${bytes.byteLength.toString(16)}${CRLF}`), bytes, Buffer.from(CRLF)] : [bytes]
      const framed = Buffer.concat(pending === undefined ? parts : [pending, ...parts])
      pending = undefined
      return framed
    }
  })
}

/** The whole answer in one buffer: head, body (one chunk when chunked) and the chunked terminator. */
function withKnownBody(head: string, encoding: BufferEncoding, body: string, chunked: boolean): Buffer {
  // The usual case (a helper's text, its length in the head): one string, encoded once.
  if (!chunked && encoding === 'utf8') return Buffer.from(head + body, 'utf8')
  const size = Buffer.byteLength(body)
  if (size === 0) return Buffer.from(chunked ? `${head}0${CRLF}${CRLF}` : head, encoding)
  if (chunked) head += `${size.toString(16)}${CRLF}`
  const tail = chunked ? `${CRLF}0${CRLF}${CRLF}` : ''
  const headSize = Buffer.byteLength(head, encoding)
  const bytes = Buffer.allocUnsafe(headSize + size + tail.length)
  bytes.write(head, 0, encoding)
  bytes.write(body, headSize, 'utf8')
  if (tail !== '') bytes.write(tail, headSize + size, 'latin1')
  return bytes
}

/**
 * A real Node server (and msw, which writes through one) sends the header
 * strings of `res.setHeader('x', 'café')` as UTF-8, so a mocked header does
 * too. Values read off the wire are already one character per byte: latin1
 * gives back the bytes the real server sent.
 */
function headEncoding(response: Response): BufferEncoding {
  // A Response from fetch (a resolver returning `fetch(bypass(request))`) has a URL; a constructed one does not.
  return wireResponses.has(response) || response.url !== '' ? 'latin1' : 'utf8'
}
