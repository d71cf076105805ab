/**
 * The interceptor turns every XHR's `response` into a Fetch `Response` when it
 * loads. With `responseType: 'blob'` (whatwg-fetch sets it) under jsdom that
 * is jsdom's Blob, which has `arrayBuffer()` but no `stream()`: Node 22's
 * Response takes it for a Blob and calls `stream()`, and the throw lands in an
 * event listener as an uncaught exception. Lending jsdom's Blob a `stream()`
 * built on its own `arrayBuffer()` while the XHR source listens avoids it;
 * Blobs that have one (Node's, happy-dom's) are left as they are.
 *
 * @example
 * const restore = lendBlobStream()
 * restore()
 */
export function lendBlobStream(): () => void {
  const prototype = (globalThis.Blob as typeof Blob | undefined)?.prototype as Partial<Blob> | undefined
  if (prototype === undefined || typeof prototype.stream === 'function' || typeof prototype.arrayBuffer !== 'function') return () => {}
  const stream = function stream(this: Blob): ReadableStream<Uint8Array> {
    return new ReadableStream<Uint8Array>({
      start: async (controller) => {
        controller.enqueue(new Uint8Array(await this.arrayBuffer()))
        controller.close()
      },
    })
  }
  Object.defineProperty(prototype, 'stream', { value: stream, configurable: true, writable: true })
  return () => {
    if (prototype.stream === stream) delete (prototype as { stream?: unknown }).stream
  }
}
