import type { Duplex } from 'node:stream'

/**
 * The socket a ClientRequest gets from the ClientRequest layer instead of a
 * TCP connection. What the request writes is discarded (the layer reads the
 * body from `write`/`end`); what `deliver` pushes is parsed by Node's own HTTP
 * client parser as if a server had sent it. Destroying it with an error makes
 * the request emit 'error'.
 */
export interface MockSocket extends Duplex {
  /** Hands bytes to the client's HTTP parser; `null` ends the stream. */
  deliver(data: Buffer | string | null): void
}

let MockSocketClass: (new (port: number, secure: boolean) => MockSocket) | undefined

/** Creates a MockSocket; node:stream is loaded on first use (cold start stays cheap). */
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

    constructor(port: number, secure: boolean) {
      super({ allowHalfOpen: true })
      this.remotePort = port
      if (secure) {
        this.encrypted = true
        this.authorized = true
      }
      // Code waiting for the connection (timings, `socket.once('connect')`) sees one.
      process.nextTick(() => {
        if (this.destroyed) return
        this.emit('connect')
        if (secure) this.emit('secureConnect')
      })
    }

    /** Hands bytes to the client's HTTP parser; `null` ends the stream. */
    deliver(data: Buffer | string | null): void {
      if (!this.destroyed) this.push(data)
    }

    override _read(): void {}

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
