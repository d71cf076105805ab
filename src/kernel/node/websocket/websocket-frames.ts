import { createHash } from 'node:crypto'

/** RFC 6455 framing for the server end; no extensions (the bridge never agrees to permessage-deflate). */
export const enum Opcode {
  Continuation = 0x0,
  Text = 0x1,
  Binary = 0x2,
  Close = 0x8,
  Ping = 0x9,
  Pong = 0xa,
}

export interface Frame {
  readonly fin: boolean
  readonly opcode: Opcode
  readonly payload: Buffer
}

export function encodeFrame(opcode: Opcode, payload: Buffer): Buffer {
  const length = payload.length
  const head = length < 126 ? 2 : length < 0x10000 ? 4 : 10
  const frame = Buffer.allocUnsafe(head + length)
  frame[0] = 0x80 | opcode
  if (length < 126) frame[1] = length
  else if (length < 0x10000) {
    frame[1] = 126
    frame.writeUInt16BE(length, 2)
  } else {
    frame[1] = 127
    frame.writeBigUInt64BE(BigInt(length), 2)
  }
  payload.copy(frame, head)
  return frame
}

export function closePayload(code: number, reason = ''): Buffer {
  const text = Buffer.from(reason)
  const payload = Buffer.allocUnsafe(2 + text.length)
  payload.writeUInt16BE(code, 0)
  text.copy(payload, 2)
  return payload
}

export class FrameReader {
  #buffer: Buffer = Buffer.alloc(0)

  constructor(private readonly onFrame: (frame: Frame) => void) {}

  push(chunk: Buffer): void {
    this.#buffer = this.#buffer.length === 0 ? chunk : Buffer.concat([this.#buffer, chunk])
    for (;;) {
      const frame = this.#next()
      if (frame === undefined) return
      this.onFrame(frame)
    }
  }

  #next(): Frame | undefined {
    const buffer = this.#buffer
    if (buffer.length < 2) return undefined
    const fin = (buffer[0]! & 0x80) !== 0
    const opcode = (buffer[0]! & 0x0f) as Opcode
    const masked = (buffer[1]! & 0x80) !== 0
    let length = buffer[1]! & 0x7f
    let offset = 2
    if (length === 126) {
      if (buffer.length < 4) return undefined
      length = buffer.readUInt16BE(2)
      offset = 4
    } else if (length === 127) {
      if (buffer.length < 10) return undefined
      length = Number(buffer.readBigUInt64BE(2))
      offset = 10
    }
    const maskAt = offset
    if (masked) offset += 4
    if (buffer.length < offset + length) return undefined
    const payload = Buffer.from(buffer.subarray(offset, offset + length))
    if (masked) for (let i = 0; i < payload.length; i++) payload[i]! ^= buffer[maskAt + (i & 3)]!
    this.#buffer = buffer.subarray(offset + length)
    return { fin, opcode, payload }
  }
}

const HANDSHAKE_GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11'

export function acceptValueFor(key: string): string {
  return createHash('sha1').update(key + HANDSHAKE_GUID).digest('base64')
}
