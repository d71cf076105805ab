// msw's documented jest.polyfills.js ("Migrating to Node.js 18+" / "Request/
// Response/TextEncoder is not defined (Jest)"), as projects copied it: Node's
// text and stream classes and BroadcastChannel, then undici's fetch and Fetch
// classes, put on the jsdom test global with Object.defineProperties. The
// undici version is the cell's (GRID_UNDICI names the installed package).
// fetch, Headers, Request and Response are `configurable: true` as the recipe
// has them since msw's interceptors redefine those globals (without it msw
// 2.15 leaves fetch unpatched, "[MSW] Failed to apply interceptor: the global
// `fetch` property is non-configurable", and its listen() throws "Cannot
// redefine property: Request"). Two lines the recipe
// gained for newer versions: WritableStream (msw 2.15 reads it as it loads)
// and MessagePort (undici 7 reads it as it loads).
const { TextDecoder, TextEncoder } = require('node:util')
const { ReadableStream, TransformStream, WritableStream } = require('node:stream/web')
const { BroadcastChannel, MessagePort } = require('node:worker_threads')

Object.defineProperties(globalThis, {
  TextDecoder: { value: TextDecoder },
  TextEncoder: { value: TextEncoder },
  ReadableStream: { value: ReadableStream },
  TransformStream: { value: TransformStream },
  WritableStream: { value: WritableStream },
  BroadcastChannel: { value: BroadcastChannel },
  MessagePort: { value: MessagePort },
})

const { Blob, File } = require('node:buffer')
const { fetch, Headers, FormData, Request, Response } = require(process.env.GRID_UNDICI || 'undici')

Object.defineProperties(globalThis, {
  fetch: { value: fetch, writable: true, configurable: true },
  Blob: { value: Blob },
  File: { value: File },
  Headers: { value: Headers, configurable: true },
  FormData: { value: FormData },
  Request: { value: Request, configurable: true },
  Response: { value: Response, configurable: true },
})
