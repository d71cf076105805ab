const EMPTY = new Uint8Array(0)

/**
 * The recorder's own reading of a copy of one body, so an exchange is recorded whether the client reads
 * it or not. `onEnd` runs in the microtask the last byte arrives: `stop()` is synchronous and must include
 * a body the client has read. With `length` the body has ended once that many bytes arrived, as an HTTP
 * client takes it. `cut()` stops reading, so an endless body cannot hold a stopped recording.
 */
export class BodyCapture {
  readonly done: Promise<void>
  #chunks: Uint8Array[] = []
  #received = 0
  #ended = false
  #cut = false
  #reader: ReadableStreamDefaultReader<Uint8Array> | undefined
  #whole: Uint8Array | undefined

  constructor(body: ReadableStream<Uint8Array> | Uint8Array | null, length: number | undefined, onEnd: (bytes: Uint8Array) => void) {
    if (body === null || body instanceof Uint8Array) {
      this.#ended = true
      this.#whole = body ?? EMPTY
      onEnd(this.#whole)
      this.done = Promise.resolve()
      return
    }
    const reader = (this.#reader = body.getReader())
    this.done = new Promise<void>((resolve, reject) => {
      const end = () => {
        this.#ended = true
        const bytes = (this.#whole = join(this.#chunks))
        this.#chunks = []
        onEnd(bytes)
        resolve()
      }
      // `then` chains rather than an async loop: one microtask a chunk, no more.
      const next = (): void => {
        reader.read().then(({ done, value }) => {
          if (this.#cut) return resolve()
          if (done) return this.#ended ? undefined : end()
          // Past the declared end (the copy's close still to come): read on, so the copy does not pile up.
          if (this.#ended) return next()
          this.#chunks.push(value)
          this.#received += value.byteLength
          if (this.#received === length) end()
          next()
        }, (error: unknown) => (this.#ended || this.#cut ? resolve() : reject(error)))
      }
      next()
    })
  }

  get ended(): boolean {
    return this.#ended
  }

  /** The bytes that had arrived; the client's own copy is not touched. */
  cut(): Uint8Array {
    if (this.#ended) return this.#whole!
    if (!this.#cut) {
      this.#cut = true
      const reader = this.#reader
      // A later turn: a copy made by Node's Readable.toWeb (the socket layer's) whose end is already on
      // its way (nextTick) throws "Controller is already closed" from Node's own listener if cancelled in between.
      if (reader !== undefined) setTimeout(() => void reader.cancel().catch(() => {}), 0)
    }
    return join(this.#chunks)
  }
}

function join(chunks: readonly Uint8Array[]): Uint8Array {
  if (chunks.length === 0) return EMPTY
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
