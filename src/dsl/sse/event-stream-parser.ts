interface EventStreamSink {
  event(event: { readonly id: string | undefined; readonly event: string; readonly data: string }): void
  retry(milliseconds: number): void
}

/** Incremental, per the HTML standard: CRLF, LF or CR end lines; an event without `data` is not dispatched. */
export class EventStreamParser {
  readonly #sink: EventStreamSink
  readonly #decoder = new TextDecoder()
  #pending = ''
  #id: string | undefined
  #event = ''
  #data: string[] | undefined

  constructor(sink: EventStreamSink) {
    this.#sink = sink
  }

  push(chunk: Uint8Array): void {
    this.#pending += this.#decoder.decode(chunk, { stream: true })
    let start = 0
    for (;;) {
      const end = this.#lineEnd(start)
      if (end === -1) break
      this.#line(this.#pending.slice(start, end))
      // A CR at the very end may be the first half of CRLF: keep it until the next chunk.
      start = this.#pending[end] === '\r' && this.#pending[end + 1] === '\n' ? end + 2 : end + 1
    }
    this.#pending = this.#pending.slice(start)
  }

  #lineEnd(from: number): number {
    for (let i = from; i < this.#pending.length; i++) {
      const char = this.#pending[i]
      if (char === '\n') return i
      if (char === '\r') return i + 1 < this.#pending.length ? i : -1
    }
    return -1
  }

  #line(line: string): void {
    if (line === '') return this.#dispatch()
    if (line.startsWith(':')) return
    const colon = line.indexOf(':')
    const field = colon === -1 ? line : line.slice(0, colon)
    let value = colon === -1 ? '' : line.slice(colon + 1)
    if (value.startsWith(' ')) value = value.slice(1)
    if (field === 'data') (this.#data ??= []).push(value)
    else if (field === 'event') this.#event = value
    else if (field === 'id' && !value.includes('\0')) this.#id = value
    else if (field === 'retry' && /^\d+$/.test(value)) this.#sink.retry(Number(value))
  }

  #dispatch(): void {
    const data = this.#data
    const event = this.#event
    this.#data = undefined
    this.#event = ''
    if (data === undefined) return
    this.#sink.event({ id: this.#id, event: event === '' ? 'message' : event, data: data.join('\n') })
  }
}
