import type { IncomingMessage } from 'node:http'

/** The request body was larger than the server accepts. */
export class BodyTooLarge extends Error {
  constructor(readonly limit: number) {
    super(`The request body is larger than ${limit} bytes.`)
  }
}

/**
 * Reads the whole body of an incoming request, refusing it (`BodyTooLarge`)
 * past `limit` bytes. Buffered rather than streamed: resolvers read it as
 * often as they like (clones), and a refusal is known before any handler runs.
 *
 * @example
 * const body = await readBody(incoming, 10 * 1024 * 1024) // undefined for a request without body
 */
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
