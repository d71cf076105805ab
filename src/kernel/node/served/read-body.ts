import type { IncomingMessage } from 'node:http'

export class BodyTooLarge extends Error {
  constructor(readonly limit: number) {
    super(`The request body is larger than ${limit} bytes.`)
  }
}

/** Buffered, not streamed: resolvers read it as often as they like, and a refusal is known before any handler runs. */
export function readBody(incoming: IncomingMessage, limit: number): Promise<Uint8Array | undefined> {
  const declared = Number(incoming.headers['content-length'])
  if (declared > limit) return Promise.reject(new BodyTooLarge(limit))
  const chunked = incoming.headers['transfer-encoding'] !== undefined
  if (!chunked && !(declared > 0)) {
    // Nothing to wait for; the stream still has to end for keep-alive to reuse the socket.
    incoming.resume()
    return Promise.resolve(undefined)
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    incoming.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > limit) {
        // Stop buffering; the 413 is written by the caller, the rest of the body is dropped.
        incoming.removeAllListeners('data')
        incoming.resume()
        reject(new BodyTooLarge(limit))
        return
      }
      chunks.push(chunk)
    })
    incoming.on('end', () => resolve(size === 0 ? undefined : new Uint8Array(Buffer.concat(chunks, size))))
    incoming.on('error', reject)
  })
}
