// The stream and text classes msw needs in jsdom, from Node: what a project
// polyfilling fetch with whatwg-fetch or cross-fetch adds beside it.
const { TextDecoder, TextEncoder } = require('node:util')
const { ReadableStream, TransformStream, WritableStream } = require('node:stream/web')
const { BroadcastChannel } = require('node:worker_threads')

Object.defineProperties(globalThis, {
  TextDecoder: { value: TextDecoder },
  TextEncoder: { value: TextEncoder },
  ReadableStream: { value: ReadableStream },
  TransformStream: { value: TransformStream },
  WritableStream: { value: WritableStream },
  BroadcastChannel: { value: BroadcastChannel },
})
