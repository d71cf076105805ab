import { setCookieValues } from '../../cookies.js'
import { knownBodyOf } from '../../known-body.js'
import { statusTextOf } from '../http-layer.js'
import type { MockSocket } from './mock-socket.js'

const CRLF = '\r\n'

// A body of unknown length goes chunked, as fast as the client reads; a known one at once (no promise).
// The head goes as latin1, as Node's server sends it: a value read off the wire goes back as it came.
export function writeResponse(socket: MockSocket, response: Response, method: string): Promise<void> | undefined {
  const { status } = response
  // A known body is a body: asking for the stream would make one for nothing.
  const known = knownBodyOf(response)
  const body = known === undefined ? response.body : undefined
  const empty = known === undefined && body === null
  const noBodyAllowed = method === 'HEAD' || status === 204 || status === 304 || status < 200
  const bodyless = noBodyAllowed || empty
  const { headers } = response
  const hasLength = headers.has('content-length')
  const chunked = !bodyless && !hasLength
  const lengthZero = empty && !hasLength && !noBodyAllowed
  let head = `HTTP/1.1 ${status} ${statusTextOf(response)}${CRLF}`
  let cookies = false
  for (const [name, value] of headers) {
    if (name === 'set-cookie') cookies = true
    // Framed here (a real 205 came chunked, and has no body as a Response): its own framing would contradict it.
    else if (name !== 'transfer-encoding' || !(chunked || lengthZero)) head += `${name}: ${value}${CRLF}`
  }
  if (cookies) for (const cookie of setCookieValues(headers)) head += `set-cookie: ${cookie}${CRLF}`
  if (chunked) head += `transfer-encoding: chunked${CRLF}`
  else if (lengthZero) head += `content-length: 0${CRLF}`
  head += CRLF

  if (bodyless) {
    socket.deliverAll(Buffer.from(head, 'latin1'))
    void body?.cancel().catch(() => {})
    return
  }
  if (known !== undefined) {
    // The bytes the stream would yield, framed as the stream path frames them (one chunk).
    socket.deliverAll(withKnownBody(head, known, chunked))
    return
  }
  return streamBody(socket, body!, Buffer.from(head, 'latin1'), chunked)
}

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

function withKnownBody(head: string, body: string, chunked: boolean): Buffer {
  const size = Buffer.byteLength(body)
  if (chunked) head += size === 0 ? '' : `${size.toString(16)}${CRLF}`
  const tail = !chunked ? '' : size === 0 ? `0${CRLF}${CRLF}` : `${CRLF}0${CRLF}${CRLF}`
  // Header values are one character per byte (Headers refuses more): their length is the head's byte count.
  const bytes = Buffer.allocUnsafe(head.length + size + tail.length)
  bytes.write(head, 0, 'latin1')
  bytes.write(body, head.length, 'utf8')
  if (tail !== '') bytes.write(tail, head.length + size, 'latin1')
  return bytes
}
