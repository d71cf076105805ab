/**
 * Reads a body to its end for recording, and says so in the very microtask
 * its last byte arrives.
 *
 * Why: a recording's `stop()` is synchronous, and an exchange whose body the
 * client has read to the end must be in it. Reading a copy with
 * `arrayBuffer()` and building the entry once that promise settles takes more
 * microtask turns than the client's own `await response.json()`; reading the
 * copy chunk by chunk and calling back at once keeps recording in step with
 * the client.
 */

const EMPTY = new Uint8Array(0)

/**
 * Starts reading `body` to its end; calls `onEnd` with every byte of it as
 * soon as it has ended (synchronously for `null`), and settles the returned
 * promise then too (it rejects if the body fails first). With `length` (a
 * `Content-Length` that counts the bytes of this stream), the body has ended
 * once that many bytes arrived: an HTTP client takes it as complete then,
 * before the stream that copies it closes.
 *
 * @example
 * const ended = captureBody(response.clone().body, undefined, (bytes) => console.log(bytes.length))
 * await ended
 */
export function captureBody(body: ReadableStream<Uint8Array> | null, length: number | undefined, onEnd: (bytes: Uint8Array) => void): Promise<void> {
  if (body === null) {
    onEnd(EMPTY)
    return Promise.resolve()
  }
  const chunks: Uint8Array[] = []
  const reader = body.getReader()
  let received = 0
  let ended = false
  return new Promise<void>((resolve, reject) => {
    const end = () => {
      ended = true
      const bytes = join(chunks)
      chunks.length = 0
      onEnd(bytes)
      resolve()
    }
    // `then` chains rather than an async loop: one microtask a chunk, no more.
    const next = (): void => {
      reader.read().then(({ done, value }) => {
        if (done) return ended ? undefined : end()
        // Past the declared end (the copy's close still to come): read on, so the copy does not pile up.
        if (ended) return next()
        chunks.push(value)
        received += value.byteLength
        if (received === length) end()
        next()
      }, (error: unknown) => (ended ? undefined : reject(error)))
    }
    next()
  })
}

function join(chunks: readonly Uint8Array[]): Uint8Array {
  if (chunks.length === 1) return chunks[0]!
  let length = 0
  for (const chunk of chunks) length += chunk.length
  const joined = new Uint8Array(length)
  let offset = 0
  for (const chunk of chunks) {
    joined.set(chunk, offset)
    offset += chunk.length
  }
  return joined
}
