import type { Duplex } from 'node:stream'
import { asError } from '../../errors.js'

/** What the request writes is discarded (the layer reads it from `write`/`end`); what is delivered, Node's parser reads. */
export interface MockSocket extends Duplex {
  /** `null` ends the stream. */
  deliver(data: Buffer | string | null): void
  /** `next` is pulled only when the client reads (backpressure); `null` ends, a rejection destroys the socket. */
  deliverFrom(next: () => Promise<Buffer | null>): void
  /** On the next tick: the client's callbacks run in a turn of their own, as with a real connection. */
  deliverAll(data: Buffer): void
}

let MockSocketClass: (new (port: number, secure: boolean) => MockSocket) | undefined

// node:stream is loaded on first use: the cold start stays cheap.
export function createMockSocket(port: number, secure: boolean): MockSocket {
  MockSocketClass ??= defineMockSocket(process.getBuiltinModule('node:stream').Duplex)
  return new MockSocketClass(port, secure)
}

function defineMockSocket(DuplexBase: typeof Duplex) {
  return class MockSocketImpl extends DuplexBase implements MockSocket {
    readonly connecting = false
    readonly remoteAddress = '127.0.0.1'
    readonly remoteFamily = 'IPv4'
    readonly localAddress = '127.0.0.1'
    readonly localPort = 0
    readonly remotePort: number
    readonly encrypted: boolean | undefined
    readonly authorized: boolean | undefined
    #timer: NodeJS.Timeout | undefined
    #source: (() => Promise<Buffer | null>) | undefined
    #pulling = false

    constructor(port: number, secure: boolean) {
      super({ allowHalfOpen: true })
      this.remotePort = port
      if (secure) {
        this.encrypted = true
        this.authorized = true
      }
      // Code waiting for the connection (timings, `socket.once('connect')`) sees one.
      process.nextTick(connected, this, secure)
    }

    deliver(data: Buffer | string | null): void {
      if (!this.destroyed) this.push(data)
    }

    deliverAll(data: Buffer): void {
      process.nextTick(deliverAllNow, this, data)
    }

    deliverFrom(next: () => Promise<Buffer | null>): void {
      this.#source = next
      // The stream may have asked already (it calls _read once, then waits for a push): answer that ask.
      this.#pull()
    }

    // Called by the stream when its consumer wants more: the only place a source is pulled.
    override _read(): void {
      this.#pull()
    }

    #pull(): void {
      const source = this.#source
      if (source === undefined || this.#pulling || this.destroyed) return
      this.#pulling = true
      source().then(
        (data) => {
          this.#pulling = false
          if (this.destroyed) return
          if (data === null) this.#source = undefined
          // push() returning true means "below the high-water mark": the stream calls _read again.
          this.push(data)
        },
        (error: unknown) => {
          this.#pulling = false
          this.#source = undefined
          this.destroy(asError(error))
        },
      )
    }

    override _write(_chunk: unknown, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
      callback()
    }

    override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
      clearTimeout(this.#timer)
      callback(error)
    }

    setTimeout(milliseconds: number, onTimeout?: () => void): this {
      clearTimeout(this.#timer)
      if (onTimeout) this.once('timeout', onTimeout)
      if (milliseconds > 0) {
        this.#timer = setTimeout(() => this.emit('timeout'), milliseconds)
        this.#timer.unref()
      }
      return this
    }

    setNoDelay(): this {
      return this
    }

    setKeepAlive(): this {
      return this
    }

    ref(): this {
      return this
    }

    unref(): this {
      return this
    }

    address(): { address: string; family: string; port: number } {
      return { address: this.localAddress, family: 'IPv4', port: this.localPort }
    }
  }
}

function connected(socket: MockSocket, secure: boolean): void {
  if (socket.destroyed) return
  socket.emit('connect')
  if (secure) socket.emit('secureConnect')
}

function deliverAllNow(socket: MockSocket, data: Buffer): void {
  socket.deliver(data)
  socket.deliver(null)
}
