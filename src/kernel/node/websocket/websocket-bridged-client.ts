import type { Duplex } from 'node:stream'
import { type BridgedServer, SocketCloseEvent, SocketMessageEvent, type Data, type ServerPeer } from './websocket-bridge-ends.js'
import { closePayload, encodeFrame, FrameReader, Opcode, type Frame } from './websocket-frames.js'

/** A `ws`-package connection over an in-memory socket, with the surface of @mswjs/interceptors' client so the ws DSL treats both alike. */
export class BridgedClient extends EventTarget implements ServerPeer {
  readonly socket: { readonly url: string; readonly protocol: string }
  #open = true
  #fragments: Buffer[] = []
  #fragmentOpcode: Opcode = Opcode.Text
  server: BridgedServer | undefined

  constructor(
    readonly id: string,
    readonly url: URL,
    private readonly stream: Duplex,
    protocol: string,
  ) {
    super()
    this.socket = { url: url.href, protocol }
    const reader = new FrameReader((frame) => this.#onFrame(frame))
    stream.on('data', (chunk: Buffer) => reader.push(chunk))
    stream.on('close', () => this.#closed(1006, '', false))
    stream.on('error', () => this.#closed(1006, '', false))
  }

  send(data: Data): void {
    this.deliver(data)
  }

  deliver(data: Data): void {
    if (!this.#open) return
    if (typeof data === 'string') return void this.stream.write(encodeFrame(Opcode.Text, Buffer.from(data)))
    if (data instanceof Blob) return void data.arrayBuffer().then((buffer) => this.deliver(buffer))
    const bytes = data instanceof ArrayBuffer ? Buffer.from(data) : Buffer.from(data.buffer, data.byteOffset, data.byteLength)
    this.stream.write(encodeFrame(Opcode.Binary, bytes))
  }

  close(code = 1000, reason = ''): void {
    if (!this.#open) return
    this.stream.write(encodeFrame(Opcode.Close, closePayload(code, reason)))
    this.#closed(code, reason, true)
  }

  #onFrame({ fin, opcode, payload }: Frame): void {
    if (opcode === Opcode.Ping) return void this.stream.write(encodeFrame(Opcode.Pong, payload))
    if (opcode === Opcode.Pong) return
    if (opcode === Opcode.Close) {
      const code = payload.length >= 2 ? payload.readUInt16BE(0) : 1005
      const reason = payload.length > 2 ? payload.subarray(2).toString() : ''
      if (this.#open) this.stream.write(encodeFrame(Opcode.Close, payload.length >= 2 ? closePayload(code) : Buffer.alloc(0)))
      this.#closed(code, reason, true)
      return
    }
    if (opcode !== Opcode.Continuation) this.#fragmentOpcode = opcode
    this.#fragments.push(payload)
    if (!fin) return
    const whole = this.#fragments.length === 1 ? this.#fragments[0]! : Buffer.concat(this.#fragments)
    this.#fragments = []
    const data = this.#fragmentOpcode === Opcode.Text ? whole.toString() : whole.buffer.slice(whole.byteOffset, whole.byteOffset + whole.byteLength)
    const event = new SocketMessageEvent('message', data, this.url.origin, true, this.socket)
    this.dispatchEvent(event)
    // As the interceptors: a client message reaches the real server unless a listener prevented it.
    if (!event.defaultPrevented) this.server?.send(data as Data)
  }

  #closed(code: number, reason: string, wasClean: boolean): void {
    if (!this.#open) return
    this.#open = false
    this.dispatchEvent(new SocketCloseEvent(code, reason, wasClean, false, this.socket))
    this.server?.close()
    setImmediate(() => this.stream.end())
  }
}
